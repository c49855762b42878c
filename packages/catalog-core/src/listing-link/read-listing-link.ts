import type { Agent, AgentId } from '../agents/agent.js';
import { DEFAULT_AGENTS } from '../agents/default-agents.js';
import { listingUrl } from '../listing-url.js';
import { MARKETPLACES, type Marketplace } from '../product.js';
import { marketplaceOfCode, readAgentUrl } from './agent-link.js';
import { decodeWhole, toHttpUrl } from './link-text.js';
import { type MarketplaceRead, readMarketplaceUrl } from './marketplace-link.js';
import { readNamedItem } from './named-item.js';

/** The listing a link points at, with its canonical URL and what kind of link it was. */
export interface ListingLink {
  readonly marketplace: Marketplace;
  readonly itemId: string;
  /** The canonical listing URL, as {@link listingUrl} builds it. */
  readonly listingUrl: string;
  /**
   * `listing`: the marketplace's own link; `agent`: a configured agent's product link (then
   * `agent` names it); `embedded`: another site's link carrying the listing URL in a parameter,
   * or naming the marketplace and the item id (`?id=…&platform=WEIDIAN`, `/product/weidian/…`).
   */
  readonly via: 'listing' | 'agent' | 'embedded';
  readonly agent?: AgentId;
}

/** Why a text could not be read as a listing; stable, never reused for another meaning. */
export const LINK_FAILURES = [
  'empty',
  'not_a_link',
  'short_link',
  'not_an_item',
  'unknown_site',
] as const;
/** One of {@link LINK_FAILURES}. */
export type LinkFailure = (typeof LINK_FAILURES)[number];

/** The outcome of {@link readListingLink}. */
export type ReadListingLinkResult =
  | { readonly ok: true; readonly link: ListingLink }
  | { readonly ok: false; readonly failure: LinkFailure; readonly message: string };

/** Options of {@link readListingLink}. */
export interface ReadListingLinkOptions {
  /** The agents whose product links are read with their link rules; default: the defaults. */
  readonly agents?: readonly Agent[];
}

const fail = (failure: LinkFailure, message: string): ReadListingLinkResult => ({
  ok: false,
  failure,
  message,
});

const found = (
  marketplace: Marketplace,
  itemId: string,
  via: ListingLink['via'],
  agent?: AgentId,
): ReadListingLinkResult => ({
  ok: true,
  link: {
    marketplace,
    itemId,
    listingUrl: listingUrl(marketplace, itemId),
    via,
    ...(agent ? { agent } : {}),
  },
});

const SHORT =
  'a short link, which only opening it would resolve; paste the full item link it leads to';

/**
 * Reads any link to a marketplace listing (the one reader behind imports and pasted links):
 * Weidian, Taobao/Tmall and 1688 links in every form (canonical, mobile and share hosts,
 * `http://` or no scheme, tracking parameters, percent-encoded whole), and the product links of
 * each agent in `options.agents`, read with the agent's own link rule (its template inverted:
 * `{raw}` links carry the encoded listing URL, `{id}`/`{platform}` links the item id and the
 * agent's code for the marketplace). Another site's link that carries a listing URL in a
 * parameter (`?url=…`), or names the marketplace in words beside the item id (other agents'
 * `?id=…&platform=WEIDIAN`, `/product/weidian/…`), is read too. Never fetches: a short link (`m.tb.cn`) is a failure of its
 * own kind. Never throws.
 *
 * @example
 * readListingLink('https://agent-a.example/product?id=6912345678&platform=WEIDIAN&ref=xyz')
 * // { ok: true, link: { marketplace: 'weidian', itemId: '6912345678',
 * //   listingUrl: 'https://weidian.com/item.html?itemID=6912345678', via: 'agent', agent: 'agent_a' } }
 * readListingLink('https://m.tb.cn/h.5xYz') // { ok: false, failure: 'short_link', message: … }
 */
export function readListingLink(
  text: string,
  options: ReadListingLinkOptions = {},
): ReadListingLinkResult {
  if (text.trim() === '') return fail('empty', 'no link');
  const url = toHttpUrl(text);
  if (!url) return fail('not_a_link', 'not a link');
  const direct = readMarketplaceUrl(url);
  if (direct) return fromMarketplace(direct, 'listing');

  const agents = options.agents ?? DEFAULT_AGENTS;
  for (const agent of agents) {
    const parts = readAgentUrl(agent, url);
    if (!parts) continue;
    if (parts.raw !== undefined) {
      const inner = readRaw(parts.raw);
      if (inner) return fromMarketplace(inner, 'agent', agent.id);
    } else if (parts.id !== undefined) {
      const marketplace =
        parts.platform === undefined ? undefined : marketplaceOfCode(agent, parts.platform);
      if (marketplace) return found(marketplace, parts.id, 'agent', agent.id);
      if (parts.platform !== undefined) {
        return fail(
          'not_an_item',
          `a ${agent.name} link whose platform "${parts.platform}" is none of its codes for ${MARKETPLACES.join(', ')}`,
        );
      }
      return fail(
        'not_an_item',
        `a ${agent.name} link, but its links do not say which marketplace the item is on`,
      );
    }
    return fail('not_an_item', `a ${agent.name} link, but not to a marketplace item`);
  }

  const embedded = readEmbedded(url);
  if (embedded) return fromMarketplace(embedded, 'embedded');
  const named = readNamedItem(url);
  if (named) return found(named.marketplace, named.itemId, 'embedded');
  const names = agents.map((agent) => agent.name);
  return fail(
    'unknown_site',
    `not a weidian, taobao or 1688 item link${names.length > 0 ? `, nor a product link of ${names.join(', ')}` : ''}`,
  );
}

function fromMarketplace(
  read: MarketplaceRead,
  via: ListingLink['via'],
  agent?: AgentId,
): ReadListingLinkResult {
  if (read.kind === 'item') return found(read.marketplace, read.itemId, via, agent);
  if (read.kind === 'short') return fail('short_link', SHORT);
  return fail(
    'not_an_item',
    `a ${read.marketplace} link, but not to an item (a shop or a search?)`,
  );
}

/** A listing URL an agent link carries, decoded as many times as it was encoded. */
function readRaw(raw: string): MarketplaceRead | undefined {
  const url = toHttpUrl(decodeWhole(raw));
  return url ? readMarketplaceUrl(url) : undefined;
}

/**
 * A marketplace link carried in a parameter of another site's link (`?url=`, `#…?productLink=`),
 * as unconfigured agents and redirectors carry them.
 */
function readEmbedded(url: URL): MarketplaceRead | undefined {
  const values = [...url.searchParams.values()];
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery !== -1) values.push(...new URLSearchParams(url.hash.slice(hashQuery + 1)).values());
  for (const value of values) {
    if (!/^(?:https?(?::|%3A)|(?:[a-z0-9-]+\.)+[a-z]{2,}\/)/i.test(value)) continue;
    const read = readRaw(value);
    if (read?.kind === 'item') return read;
  }
  return undefined;
}
