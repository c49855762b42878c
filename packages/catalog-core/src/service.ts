/**
 * The one description of the service that every document repeats: the MCP `initialize` and server
 * card, llms.txt, the AI catalog, auth.md, OpenAPI `info` and `/health.json`.
 */
export const SERVICE_INFO = {
  /** Machine name: MCP `serverInfo.name`, server card `name`. */
  name: 'affiliate-catalog',
  title: 'Affiliate Catalog',
  /** The interface version (interface.md, section 9); paths carry no version. */
  version: '1.0.0',
  description:
    'A public, read-only catalog of about 18,000 curated products in 14 categories from Weidian, ' +
    'Taobao and 1688, with the offers and shipping rates of three shopping agents. Free to use, ' +
    'no credentials needed; an optional OAuth token makes requests attributable.',
  /** The usage policy of interface.md, section 1, in the words documents repeat. */
  policy: [
    'Read-only: clients must not write, scrape at abusive rates or bypass rate limits.',
    'Respect robots.txt: content may be used as input for answers and in search, not to train AI models.',
    'Affiliate links are sponsored: disclose them to end users.',
  ],
  /** The content signal of robots.txt and of every Markdown response. */
  contentSignal: 'ai-train=no, search=yes, ai-input=yes',
} as const;
