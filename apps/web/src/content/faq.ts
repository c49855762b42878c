import { AFFILIATE_DISCLOSURE, type Agent, type SiteUrls } from '@repo/catalog-core';
import { escapeMarkdown as esc } from '../render/escape.js';

/**
 * The FAQ of the home page, written in Markdown (the Markdown twin carries it verbatim; marked
 * renders it once for HTML). Operator-supplied names are escaped like catalog text.
 */
export function faqMarkdown(
  urls: SiteUrls,
  agents: readonly Agent[],
  contactEmail: string,
): string {
  const names = agents.map((a) => esc(a.name)).join(', ');
  return `### What is this catalog?

A curated list of products sold on Weidian, Taobao and 1688, with the price in CNY (the currency the
sellers use), indicative USD and EUR conversions, the original listing and quality-check (QC)
photos. It is read-only and free to use: there is nothing to sign up for here.

### How do shopping agents work?

Most of these sellers do not ship abroad. A shopping agent (here: ${names}) buys the item for you,
receives it in its China warehouse, takes QC photos so you can check it before it ships, stores it,
and then ships one parcel with everything you bought through an international shipping line. You
pay the item price plus the agent's fees, then the shipping when the parcel leaves.

### How much does shipping cost, and how long does it take?

Lines charge a first-weight price plus a price for each additional step (often 500 g), and large
light parcels bill by volume (length × width × height ÷ a divisor). A pair of boxed sneakers weighs
about 1.6 kg packed. Economy lines take two to four weeks, express lines one to two. Each product
page shows an estimate for a few countries; the [agents' offers](${urls.home()}#agents) list every line,
and agents confirm the final price after weighing the parcel.

### What are QC photos?

Photos the agent's warehouse takes of the item you bought, before it ships. Compare them with the
listing: stitching, logos, colours, size tags. If something is wrong, ask the agent to exchange or
return it before shipping.

### Are the links affiliate links?

Yes. ${esc(AFFILIATE_DISCLOSURE)}

### Can AI agents use this catalog?

Yes, without credentials. Every page has a Markdown twin (send \`Accept: text/markdown\` or add
\`.md\` to the path), and an MCP server at \`${urls.document('mcp')}\` offers search, categories, agent offers
and shipping estimates. See the [API and MCP documentation](${urls.apiDocs()}) and
[llms.txt](${urls.document('llmsTxt')}).

### How do I contact you?

Write to [${esc(contactEmail)}](mailto:${contactEmail}) for questions or higher-volume access.
`;
}
