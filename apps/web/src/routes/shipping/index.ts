import type { FastifyInstance } from 'fastify';
import { shippingPage } from '../../pages/shipping/shipping-page.js';
import { readShippingRequest } from '../../pages/shipping/shipping-request.js';
import { sendPage } from '../../render/send-page.js';
import { type ShippingQuery, ShippingQuerySchema } from '../../schemas/shipping-query.js';
import { formatOfPath, readOnly } from '../page-route.js';

const URLS = ['/shipping', '/shipping.html', '/shipping.md', '/shipping/index.md'];

/**
 * `GET /shipping` (and `.html`, `.md`): the shipping calculator. An item added with `add` is
 * folded into `items`, which the page's canonical URL, form and links carry on (the web app never
 * redirects). A value it cannot use is a 400 page in the representation asked for.
 */
export default async function shippingRoutes(fastify: FastifyInstance) {
  const { site } = fastify;
  for (const url of URLS) {
    const format = formatOfPath(url);
    fastify.get<{ Querystring: ShippingQuery }>(
      url,
      { schema: { querystring: ShippingQuerySchema } },
      async (request, reply) => {
        const asked = await readShippingRequest(request.query, fastify.catalog, site.agents);
        const page = shippingPage(site, request.query, asked);
        if (page.status) return sendPage(request, reply, page, site, format);
        // Rendering is what costs (the country list); equal estimates share one rendered page.
        const cached = await site.pages.get(`shipping:${page.url}`, async () => page);
        return sendPage(request, reply, cached, site, format);
      },
    );
  }
  readOnly(fastify, URLS);
}
