import { CatalogError } from '../errors.js';
import { listingUrl } from '../listing-url.js';
import type { Marketplace } from '../product.js';
import { outboundUrl } from '../urls.js';
import type { Agent } from './agent.js';

const ITEM_ID = /^[0-9]{5,20}$/;

function checkItemId(itemId: string): void {
  // Item ids end up inside URLs and paths: accepting only digits keeps every template injection-free.
  if (!ITEM_ID.test(itemId)) {
    throw new CatalogError('INVALID_INPUT', `Item id "${itemId}" is not 5-20 digits.`);
  }
}

/** Appends `name=value` to the query of a URL, before any fragment, without re-encoding the rest. */
function appendParam(url: URL, name: string, value: string): void {
  const pair = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  // Assigning `search` keeps the existing query as written; `searchParams.set` would re-serialise
  // it and could change how the agent sees an already-encoded `{raw}`.
  url.search = url.search ? `${url.search}&${pair}` : `?${pair}`;
}

/**
 * The agent's product page for a listing, carrying the affiliate code: the template of
 * `agent.link` with `{id}`, `{raw}` (URL-encoded listing URL) and `{platform}` filled in, then
 * `referral_param=affiliate_code` appended to the query.
 *
 * @throws {CatalogError} `INVALID_INPUT` for a bad item id; `AGENTS_INVALID` when the template
 *   needs a platform code the agent does not define or does not make a valid https URL.
 * @example
 * agentProductUrl(getAgent('agent_a')!, 'weidian', '7234567890')
 * // 'https://agent-a.example/product?id=7234567890&platform=WEIDIAN&ref=catalogdemo'
 */
export function agentProductUrl(agent: Agent, marketplace: Marketplace, itemId: string): string {
  checkItemId(itemId);
  const raw = listingUrl(marketplace, itemId);
  const filled = agent.link.template.replace(/\{(id|raw|platform)\}/g, (_match, key: string) => {
    if (key === 'id') return itemId;
    if (key === 'raw') return encodeURIComponent(raw);
    const code = agent.link.platform_codes?.[marketplace];
    if (code === undefined) {
      throw new CatalogError(
        'AGENTS_INVALID',
        `Agent ${agent.id}: link template uses {platform} but platform_codes has no "${marketplace}".`,
      );
    }
    return encodeURIComponent(code);
  });
  const url = parseHttpsUrl(filled);
  if (!url) {
    throw new CatalogError(
      'AGENTS_INVALID',
      `Agent ${agent.id}: link template does not make a valid https URL: ${filled}`,
    );
  }
  appendParam(url, agent.referral_param, agent.affiliate_code);
  return url.href;
}

/**
 * The agent's sign-up page carrying the affiliate code: coupon packs only reach accounts
 * registered through it. Adds the referral parameter unless the configured URL already has it.
 *
 * @example agentSignupUrl(getAgent('agent_b')!) // 'https://agent-b.example/register?affcode=catalogdemo'
 */
export function agentSignupUrl(agent: Agent): string {
  const url = new URL(agent.signup_url);
  if (!url.searchParams.has(agent.referral_param)) {
    appendParam(url, agent.referral_param, agent.affiliate_code);
  }
  return url.href;
}

/** One "buy through this agent" link, as search results and product pages show them. */
export interface BuyLink {
  readonly agent: string;
  readonly name: string;
  readonly url: string;
}

/**
 * The buy links of a listing, one per agent that is not `closed` (a closed agent's links would
 * send shoppers to a dead or seized service), in the order of `agents`.
 *
 * @example buyLinks(DEFAULT_AGENTS, 'taobao', '712345678901').map((l) => l.agent) // ['agent_a', ...]
 */
export function buyLinks(
  agents: readonly Agent[],
  marketplace: Marketplace,
  itemId: string,
): BuyLink[] {
  return agents
    .filter((a) => a.status !== 'closed')
    .map((a) => ({ agent: a.id, name: a.name, url: agentProductUrl(a, marketplace, itemId) }));
}

/**
 * The buy links of a catalog product, one per agent that is not `closed`: each goes through the
 * site's counted redirect `/go/{agent}/{slug}`, which answers 302 to the link {@link buyLinks}
 * would give. A listing that is not in the catalog (a pasted link) has no product to count and
 * keeps the direct links of {@link buyLinks}.
 *
 * @example countedBuyLinks(DEFAULT_AGENTS, 'https://shop.example', 'nike-dunk-7234567890')[0].url
 * // 'https://shop.example/go/agent_a/nike-dunk-7234567890'
 */
export function countedBuyLinks(
  agents: readonly Agent[],
  baseUrl: string,
  slug: string,
): BuyLink[] {
  return agents
    .filter((a) => a.status !== 'closed')
    .map((a) => ({ agent: a.id, name: a.name, url: outboundUrl(baseUrl, a.id, slug) }));
}

/**
 * The buy links of a pasted listing: through the counted redirect of its catalog product when the
 * catalog has it (`slug`), the agents' own links when it does not.
 *
 * @example listingBuyLinks(DEFAULT_AGENTS, 'https://shop.example', 'taobao', '600000000001')[0].url
 * // 'https://agent-a.example/product?id=600000000001&platform=TAOBAO&ref=catalogdemo'
 */
export function listingBuyLinks(
  agents: readonly Agent[],
  baseUrl: string,
  listing: { readonly marketplace: Marketplace; readonly itemId: string },
  slug: string | undefined,
): BuyLink[] {
  return slug === undefined
    ? buyLinks(agents, listing.marketplace, listing.itemId)
    : countedBuyLinks(agents, baseUrl, slug);
}

/**
 * The URL when `value` is an absolute `https:` URL, else `undefined`. Every URL an operator's
 * agents file gives (links, homepage, sign-up page) must be one: the pages and tools hand them to
 * shoppers as they are.
 */
export function parseHttpsUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
