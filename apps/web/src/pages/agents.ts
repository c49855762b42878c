import { type Agent, agentSignupUrl, type SiteUrls } from '@repo/catalog-core';
import type { Block, Inline } from '../render/page-model.js';
import { section } from './shared.js';

function fees(agent: Agent): string {
  const f = agent.fees;
  const service = f.service_pct === 0 ? 'no service fee' : `${f.service_pct}% service fee`;
  return `${service}, ${f.payment_pct}% payment fee, ${f.free_storage_days} days of free storage`;
}

function lines(agent: Agent): string {
  return agent.shipping_lines
    .map((l) => `${l.name} (${l.delivery_days.min}–${l.delivery_days.max} days)`)
    .join(', ');
}

/** One section per agent: verified status, offers, fees, lines, sign-up and spreadsheet links. */
export function agentBlocks(urls: SiteUrls, agents: readonly Agent[]): Block[] {
  return agents.map((agent) => {
    const offers: Inline[] = agent.offers.length
      ? [
          agent.offers
            .map((o) => (o.conditions ? `${o.headline} (${o.conditions})` : o.headline))
            .join('; '),
        ]
      : ['none at the moment'];
    return section(`agent-${agent.id}`, agent.name, [
      {
        kind: 'facts',
        items: [
          {
            label: 'Status',
            value: [
              agent.verified ? 'Verified' : 'Not verified',
              agent.status === 'active' ? '' : ` (${agent.status})`,
            ],
          },
          { label: 'Offers', value: offers },
          { label: 'Fees', value: [fees(agent)] },
          { label: 'Shipping lines', value: [lines(agent)] },
        ],
      },
      {
        kind: 'buttons',
        label: `${agent.name} links`,
        items: [
          { href: agentSignupUrl(agent), text: `Sign up at ${agent.name}`, sponsored: true },
          {
            href: urls.spreadsheet(agent.id),
            mdHref: urls.spreadsheet(agent.id, {}, 'md'),
            text: `Spreadsheet with ${agent.name} links`,
          },
        ],
      },
    ]);
  });
}
