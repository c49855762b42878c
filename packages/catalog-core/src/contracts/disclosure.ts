/**
 * The affiliate disclosure carried by every tool result and Markdown page with agent links. The
 * usage policy of the interface obliges clients to pass it on, so it is written to be shown to an
 * end user verbatim, not to the calling agent.
 *
 * @example { items, disclosure: AFFILIATE_DISCLOSURE }
 */
export const AFFILIATE_DISCLOSURE =
  'Agent links and sign-up links are affiliate links: the catalog may earn a commission when you ' +
  'register or buy through them, at no extra cost to you. Prices and shipping figures are ' +
  'estimates; the agent confirms the final amounts.';
