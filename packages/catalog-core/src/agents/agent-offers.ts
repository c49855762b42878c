import type { AgentOffers } from '../contracts/tools/get-agent-offers-contract.js';
import { servedCountries } from '../shipping/shipping-line.js';
import type { Agent } from './agent.js';
import { agentSignupUrl } from './links.js';

/**
 * An agent as `get_agent_offers` returns it: identity, offers, fees, shipping lines without their
 * rate tables, and the sign-up link carrying the affiliate code. The spreadsheet URL depends on
 * the deployment's base URL, so the caller passes it in.
 *
 * @example toAgentOffers(getAgent('agent_a')!, 'https://catalog.example/spreadsheet/agent_a')
 */
export function toAgentOffers(agent: Agent, spreadsheetUrl: string): AgentOffers {
  return {
    id: agent.id,
    name: agent.name,
    verified: agent.verified,
    status: agent.status,
    homepage: agent.homepage,
    offers: agent.offers.map((o) => ({ ...o })),
    fees: { ...agent.fees },
    shipping_lines: agent.shipping_lines.map((line) => ({
      id: line.id,
      name: line.name,
      family: line.family,
      delivery_days: { ...line.delivery_days },
      countries: servedCountries(line),
      max_weight_grams: line.max_weight_grams,
      tax_included: line.tax_included,
    })),
    signup_url: agentSignupUrl(agent),
    spreadsheet_url: spreadsheetUrl,
  };
}
