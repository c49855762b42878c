import { SLUG_PATTERN } from '@repo/catalog-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { WebHttpError } from '../../errors.js';
import { productPage } from '../../pages/product/product-page.js';
import { sendPage } from '../../render/send-page.js';
import { pageContext, readOnly, splitSuffix, type UrlFormat } from '../page-route.js';

const Params = Type.Object({ slug: Type.String({ maxLength: 200 }) });
const SLUG = new RegExp(SLUG_PATTERN);

/** `GET /producto/{slug}` (and `.html`, `.md`): a product page; an unknown slug is a 404 page. */
export default async function productRoutes(fastify: FastifyInstance) {
  const ctx = pageContext(fastify);
  const handler = (fixed?: UrlFormat) =>
    async function product(
      request: FastifyRequest<{ Params: { slug: string } }>,
      reply: FastifyReply,
    ) {
      const { id, format } = splitSuffix(request.params.slug);
      // Unknown slugs throw before anything is cached, so they cannot fill the cache.
      const page = await fastify.site.pages.get(`product:${id}`, async () => {
        const p = SLUG.test(id) ? await fastify.catalog.getBySlug(id) : undefined;
        if (!p)
          throw new WebHttpError(404, 'No product with this slug. Search the catalog to find it.');
        return productPage(ctx, p);
      });
      return sendPage(request, reply, page, fastify.site, fixed ?? format);
    };
  fastify.get('/producto/:slug', { schema: { params: Params } }, handler());
  fastify.get('/producto/:slug/index.md', { schema: { params: Params } }, handler('markdown'));
  readOnly(fastify, ['/producto/:slug', '/producto/:slug/index.md']);
}
