import {
  AFFILIATE_DISCLOSURE,
  type GetAgentOffersInput,
  type GetAgentOffersOutput,
  spreadsheetUrl,
  toAgentOffers,
} from '@repo/catalog-core';
import type { ToolAnswer, ToolContext } from './tool-context.js';

/** `get_agent_offers`: offers, fees, shipping lines and links of one agent or all of them. */
export async function getAgentOffers(
  args: GetAgentOffersInput,
  ctx: ToolContext,
): Promise<ToolAnswer> {
  const agents = ctx.agents.filter((a) => args.agent === undefined || a.id === args.agent);
  const output: GetAgentOffersOutput = {
    agents: agents.map((a) => toAgentOffers(a, spreadsheetUrl(ctx.baseUrl, a.id))),
    disclosure: AFFILIATE_DISCLOSURE,
  };
  const lines: string[] = [];
  for (const a of output.agents) {
    lines.push(
      `## ${a.name} (\`${a.id}\`)${a.verified ? ', verified' : ''}${a.status === 'active' ? '' : `, ${a.status}`}`,
      `Fees: ${a.fees.service_pct}% service, ${a.fees.payment_pct}% payment, ${a.fees.free_storage_days} days free storage.`,
      ...a.offers.map((o) => `- ${o.headline}${o.code ? ` (code ${o.code})` : ''}`),
      `Shipping lines: ${a.shipping_lines.map((l) => `\`${l.id}\` ${l.delivery_days.min}-${l.delivery_days.max} days`).join(', ')}.`,
      `Sign up: ${a.signup_url} · Spreadsheet: ${a.spreadsheet_url}`,
      '',
    );
  }
  lines.push(output.disclosure);
  return { structuredContent: output, text: lines.join('\n') };
}
