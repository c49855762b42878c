import {
  AGENT_IDS,
  type Agent,
  agentProductUrl,
  type Product,
  SLUG_PATTERN,
} from '@repo/catalog-core';
import type { CatalogVersion } from '@repo/catalog-io';
import { type ClickCounter, isCrawler, isPrefetch } from '@repo/clicks';
import type { ServiceMetrics } from '@repo/ops';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { noSuchLink, OUTBOUND_HEADERS } from '../../errors.js';
import { PAGE_ROUTE } from '../../render/send-page.js';
import { readOnly } from '../page-route.js';

/** Options of the outbound routes. */
export interface GoRoutesOptions {
  /** Where clicks are counted. */
  readonly clicks: ClickCounter;
  /** `CLICKS=off`: the redirects answer as ever, and nothing is counted. */
  readonly counting: boolean;
  /** Redirects per client and window (0: no limit of their own), and the window. */
  readonly budget: number;
  readonly windowMs: number;
  readonly metrics?: ServiceMetrics | undefined;
}

const Params = Type.Object({
  agent: Type.String({ maxLength: 64 }),
  slug: Type.String({ maxLength: 200 }),
});
const SLUG = new RegExp(SLUG_PATTERN);

// Each catalog version's links, made once per product and agent: at most one per product for each
// of the three agents, dropped with the version.
const links = new WeakMap<CatalogVersion, Map<string, string>>();

/** The affiliate link of a product on an agent, as the catalog version makes it. */
function locationOf(catalog: CatalogVersion, agent: Agent, product: Product): string {
  let made = links.get(catalog);
  if (made === undefined) {
    made = new Map();
    links.set(catalog, made);
  }
  const key = `${agent.id} ${product.slug}`;
  let location = made.get(key);
  if (location === undefined) {
    location = agentProductUrl(agent, product.marketplace, product.item_id);
    made.set(key, location);
  }
  return location;
}

/** Whether a request is somebody following the link: not a HEAD, a prefetch or a crawler. */
function isClick(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    !isPrefetch(request.headers) &&
    !isCrawler(request.headers['user-agent'])
  );
}

/**
 * `GET /go/{agent}/{slug}`: the buy links of catalog products. Answers 302 to exactly the
 * affiliate link the product page would show for that agent, and counts the click (see
 * `@repo/clicks`: per product, agent and day; repeats folded; nothing about the client stored).
 * The `Location` is made from the catalog and the agents file only, never from the request: an
 * unknown agent or slug is a 404 page, never a redirect.
 */
export default async function goRoutes(fastify: FastifyInstance, opts: GoRoutesOptions) {
  // Search engines must not index a redirect (robots.txt also disallows `/go/`), and no cache may
  // answer it, or the click would not reach us to be counted: on every answer here, 429 included.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(OUTBOUND_HEADERS);
    done(null, payload);
  });

  // Each agent's series from 0, so a scrape shows it before its first click.
  for (const id of AGENT_IDS) opts.metrics?.countClick(id, 0);
  const rateLimit =
    opts.budget > 0 ? { max: opts.budget, timeWindow: opts.windowMs } : (false as const);

  fastify.get<{ Params: { agent: string; slug: string } }>(
    '/go/:agent/:slug',
    // Every answer is a 302 without a body or a page `sendPage` codes itself: no compress hooks.
    { schema: { params: Params }, config: { rateLimit }, ...PAGE_ROUTE },
    async (request, reply: FastifyReply) => {
      const { agent: agentId, slug } = request.params;
      const agent = request.site.openAgents.get(agentId);
      const product =
        agent && SLUG.test(slug) ? await request.catalog.index.getBySlug(slug) : undefined;
      if (!agent || !product) throw noSuchLink();
      const location = locationOf(request.catalog, agent, product);
      if (opts.counting && isClick(request)) {
        const counted = await opts.clicks.record({ slug, agent: agent.id, client: request.ip });
        if (counted) {
          opts.metrics?.countClick(agent.id);
          // The next page this process serves already sorts by this click.
          await fastify.popularity.refresh();
        }
      }
      return reply.code(302).header('location', location).send();
    },
  );
  readOnly(fastify, ['/go/:agent/:slug']);
  // Every other path under /go/ is a 404 with the same headers.
  fastify.get('/go/*', { config: { rateLimit }, ...PAGE_ROUTE }, async () => {
    throw noSuchLink();
  });
}
