import type { Agent } from '../agents/agent.js';
import { DEFAULT_AGENTS } from '../agents/default-agents.js';
import { MARKETPLACE_NAMES } from '../product.js';
import {
  type ListingLink,
  type ReadListingLinkResult,
  readListingLink,
} from './read-listing-link.js';

/** A link somewhere in the text: a scheme, written out or percent-encoded. */
const SCHEME_ANYWHERE = /(?:^|\s|[<("'[])(?:https?:\/\/|https?%3A%2F%2F)/i;
/** One token that is a host name followed by a path or a query: `weidian.com/item.html?…`. */
const BARE_LINK = /^(?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?[/?#]\S*$/i;

/**
 * Whether search text was meant as a link rather than as words: it holds an `http(s)://` link
 * (also percent-encoded whole), or it is one host name followed by a path or query
 * (`m.tb.cn/h.5xYz`). Words with dots (`air.max`, `v2.0`) stay words: they have no path.
 *
 * @example isPastedLink('https://weidian.com/item.html?itemID=7231234567') // true
 * @example isPastedLink('nike dunk low') // false
 */
export function isPastedLink(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  return SCHEME_ANYWHERE.test(trimmed) || BARE_LINK.test(trimmed);
}

/**
 * The link forms the reader understands, in words for a shopper: the marketplaces' own links and
 * each configured agent's product link, shown as its link rule with `…` for the item.
 *
 * @example describeLinkFormats(DEFAULT_AGENTS)[0]
 * // 'Weidian: weidian.com/item.html?itemID=…, also on k.youshop10.com and shop….v.weidian.com'
 */
export function describeLinkFormats(agents: readonly Agent[] = DEFAULT_AGENTS): string[] {
  return [
    'Weidian: weidian.com/item.html?itemID=…, also on k.youshop10.com and shop….v.weidian.com',
    'Taobao and Tmall: item.taobao.com/item.htm?id=…, detail.tmall.com/item.htm?id=…, ' +
      'world.taobao.com/item/….htm, m.intl.taobao.com and h5.m.taobao.com',
    '1688: detail.1688.com/offer/….html, m.1688.com/offer/….html or a page with ?offerId=…',
    ...agents
      .filter((a) => a.status !== 'closed')
      .map(
        (a) =>
          `${a.name}: ${a.link.template
            .replace(/^https?:\/\//, '')
            .replace(/\{raw\}/g, '<a marketplace link>')
            .replace(/\{(?:id|platform)\}/g, '…')}`,
      ),
  ];
}

/** What a pasted link says, ready to show: the listing read, or why not in a shopper's words. */
export type PastedLinkReading =
  | Extract<ReadListingLinkResult, { ok: true }>
  | {
      readonly ok: false;
      readonly failure: Extract<ReadListingLinkResult, { ok: false }>['failure'];
      /** A whole sentence for the shopper, naming the link forms that are understood. */
      readonly message: string;
    };

/**
 * Reads search text as a pasted listing link (see {@link readListingLink}), with a message for the
 * shopper when it cannot be read: a short link (`m.tb.cn`, `e.tb.cn`) "can't be read without
 * opening it", and anything else names the forms that are understood. Never fetches the link.
 * `undefined` when the text is words, not a link (see {@link isPastedLink}).
 *
 * @example readPastedLink('https://m.tb.cn/h.5xYz')
 * // { ok: false, failure: 'short_link', message: 'This is a short link: it can't be read …' }
 */
export function readPastedLink(
  text: string,
  agents: readonly Agent[] = DEFAULT_AGENTS,
): PastedLinkReading | undefined {
  if (!isPastedLink(text)) return undefined;
  const read = readListingLink(text, { agents });
  if (read.ok) return read;
  if (read.failure === 'short_link') {
    return {
      ok: false,
      failure: read.failure,
      message:
        'This is a short link (such as m.tb.cn or e.tb.cn): it can’t be read without opening ' +
        'it, and this catalog never opens the links it is given. Open it in a browser and paste ' +
        'the full item link it leads to.',
    };
  }
  return {
    ok: false,
    failure: read.failure,
    message: `This link can’t be read as a listing: ${read.message}. Links understood: ${describeLinkFormats(agents).join('; ')}.`,
  };
}

/**
 * What a read link is, in one sentence for the shopper: the listing, and whether the catalog has
 * it (then its page comes first) or not (then the agents' links still buy it).
 *
 * @example describePastedListing(link, false)
 * // 'Weidian item 7231234567 is not in the catalog; each agent’s buy link still leads to it.'
 */
export function describePastedListing(link: ListingLink, catalogued: boolean): string {
  const what = `${MARKETPLACE_NAMES[link.marketplace]} item ${link.itemId}`;
  return catalogued
    ? `${what} is in the catalog: its product page comes first.`
    : `${what} is not in the catalog; each agent’s buy link still leads to it.`;
}
