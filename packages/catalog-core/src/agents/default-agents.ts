import { AGENT_A_LINES, AGENT_B_LINES, AGENT_C_LINES } from '../shipping/default-lines.js';
import type { Agent } from './agent.js';

// The defaults are fictional: names invented, hosts under the reserved `.example` TLD (RFC 2606)
// so that nothing links to a real business before the operator configures one, affiliate code
// `catalogdemo`. Each agent uses a different real-world link style (reference/domain.md 1.2) so
// that all three template forms are exercised: query id + platform code, raw URL, path segments.
// Operators replace the whole list with their agents file (see parseAgentsConfig).

const agentA: Agent = {
  id: 'agent_a',
  name: 'Lantern Buy',
  verified: true,
  status: 'active',
  homepage: 'https://agent-a.example/',
  affiliate_code: 'catalogdemo',
  referral_param: 'ref',
  signup_url: 'https://agent-a.example/register',
  link: {
    template: 'https://agent-a.example/product?id={id}&platform={platform}',
    platform_codes: { weidian: 'WEIDIAN', taobao: 'TAOBAO', '1688': 'ALI_1688' },
  },
  offers: [
    {
      id: 'welcome-coupons',
      kind: 'signup_coupons',
      headline: '$120 in shipping coupons for new accounts',
      value_amount: 120,
      value_currency: 'USD',
      value_kind: 'coupon_pack_total',
      conditions:
        'Split into vouchers with minimum spends; only for accounts registered through the link.',
    },
  ],
  fees: { service_pct: 0, payment_pct: 3, free_storage_days: 90 },
  shipping_lines: [...AGENT_A_LINES],
};

const agentB: Agent = {
  id: 'agent_b',
  name: 'Bamboo Cart',
  verified: true,
  status: 'active',
  homepage: 'https://agent-b.example/',
  affiliate_code: 'catalogdemo',
  referral_param: 'affcode',
  signup_url: 'https://agent-b.example/register',
  link: { template: 'https://agent-b.example/item/details?url={raw}' },
  offers: [
    {
      id: 'welcome-coupons',
      kind: 'signup_coupons',
      headline: '$300 in shipping coupons for new accounts',
      value_amount: 300,
      value_currency: 'USD',
      value_kind: 'coupon_pack_total',
      conditions: 'Vouchers from $5 to $60, each with a minimum shipping spend.',
    },
    {
      id: 'balance-credit',
      kind: 'balance_credit',
      headline: '$10 account balance with a coupon code',
      value_amount: 10,
      value_currency: 'USD',
      value_kind: 'fixed_credit',
      code: 'CATALOG10',
      conditions: 'Enter the code after the first order has been paid.',
    },
  ],
  fees: { service_pct: 5, service_min_cny: 5, payment_pct: 2.9, free_storage_days: 120 },
  shipping_lines: [...AGENT_B_LINES],
};

const agentC: Agent = {
  id: 'agent_c',
  name: 'Jade Parcel',
  verified: false,
  status: 'active',
  homepage: 'https://agent-c.example/',
  affiliate_code: 'catalogdemo',
  referral_param: 'inviteCode',
  signup_url: 'https://agent-c.example/register',
  link: {
    template: 'https://agent-c.example/product/{platform}/{id}',
    platform_codes: { weidian: '2', taobao: '1', '1688': '0' },
  },
  offers: [
    {
      id: 'welcome-coupons',
      kind: 'signup_coupons',
      headline: '€150 in shipping coupons for new accounts',
      value_amount: 150,
      value_currency: 'EUR',
      value_kind: 'coupon_pack_total',
      regions: ['DE', 'FR', 'ES', 'IT', 'NL', 'BE', 'AT', 'IE', 'PT'],
    },
    {
      id: 'first-parcel',
      kind: 'first_order',
      headline: '10% off the first parcel’s shipping',
      value_amount: 10,
      value_kind: 'percent_off_shipping',
    },
  ],
  fees: { service_pct: 0, payment_pct: 3.5, free_storage_days: 60 },
  shipping_lines: [...AGENT_C_LINES],
};

/** The agents that ship with the project, in display order. Replace them with an agents file. */
export const DEFAULT_AGENTS: readonly Agent[] = Object.freeze([agentA, agentB, agentC]);

/**
 * The agent with this identifier in `agents` (the defaults unless given), or `undefined`.
 *
 * @example getAgent('agent_c')?.name // 'Jade Parcel'
 */
export function getAgent(id: string, agents: readonly Agent[] = DEFAULT_AGENTS): Agent | undefined {
  return agents.find((a) => a.id === id);
}
