import type { FastifyInstance } from 'fastify';
import { shippingPage } from '../../pages/shipping/shipping-page.js';
import { readShippingRequest } from '../../pages/shipping/shipping-request.js';
import { unknownParameters } from '../../pages/shipping/unknown-parameters.js';
import { sendKeptPage } from '../../render/send-page.js';
import { type ShippingQuery, ShippingQuerySchema } from '../../schemas/shipping-query.js';
import { buildPage, formatOfPath, pageContext, preferenceKey, readOnly } from '../page-route.js';

const URLS = ['/shipping', '/shipping.html', '/shipping.md', '/shipping/index.md'];

/**
 * `GET /shipping` (and `.html`, `.md`): the shipping calculator. An item added with `add` is
 * folded into `items`, which the page's canonical URL, form and links carry on (the web app never
 * redirects). A value it cannot use is a 400 page in the representation asked for; a parameter it
 * does not know is named in a notice on the page it still answers (a 200 when the rest is usable).
 */
export default async function shippingRoutes(fastify: FastifyInstance) {
  for (const url of URLS) {
    const format = formatOfPath(url);
    fastify.get<{ Querystring: ShippingQuery }>(
      url,
      { schema: { querystring: ShippingQuerySchema } },
      (request, reply) => {
        const q = request.query;
        const ctx = pageContext(request, q);
        const ignored = unknownParameters(q);
        // Equal questions share one page (400 pages are never kept), so a repeated estimate
        // costs a lookup; the key is what was asked, as asked, and the unknown parameters the
        // page names (tracking parameters change nothing and stay out).
        const key = JSON.stringify([
          q.country,
          q.weight_grams,
          q.weight,
          q.items,
          q.add,
          q.length,
          q.width,
          q.height,
          ignored,
        ]);
        return sendKeptPage(
          request,
          reply,
          ctx.site,
          `shipping:${key}${preferenceKey(ctx)}`,
          () =>
            buildPage(ctx, async () =>
              shippingPage(
                ctx,
                q,
                await readShippingRequest(q, ctx.catalog, ctx.site.agents),
                ignored,
              ),
            ),
          format,
        );
      },
    );
  }
  readOnly(fastify, URLS);
}
