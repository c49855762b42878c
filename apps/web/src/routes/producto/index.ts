import { SLUG_PATTERN } from '@repo/catalog-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { WebHttpError } from '../../errors.js';
import { productPage } from '../../pages/product/product-page.js';
import { CatalogReads } from '../../render/catalog-reads.js';
import { PAGE_ROUTE, sendKeptPage } from '../../render/send-page.js';
import { type PageQuery, PageQuerySchema } from '../../schemas/page-queries.js';
import {
  buildPage,
  pageContext,
  preferenceKey,
  readOnly,
  splitSuffix,
  type UrlFormat,
} from '../page-route.js';

const Params = Type.Object({ slug: Type.String({ maxLength: 200 }) });
const SLUG = new RegExp(SLUG_PATTERN);

/** `GET /producto/{slug}` (and `.html`, `.md`): a product page; an unknown slug is a 404 page. */
export default async function productRoutes(fastify: FastifyInstance) {
  const handler = (fixed?: UrlFormat) =>
    function product(
      request: FastifyRequest<{ Params: { slug: string }; Querystring: PageQuery }>,
      reply: FastifyReply,
    ) {
      const { id, format } = splitSuffix(request.params.slug);
      const ctx = pageContext(request, request.query);
      // Unknown slugs throw before anything is cached, so they cannot fill the cache.
      const key = `product:${id}${preferenceKey(ctx)}`;
      return sendKeptPage(
        request,
        reply,
        request.site,
        key,
        async () => {
          // A product page reads its product and its related search, and nothing else of the
          // catalog: the next version takes it over when both read the same there.
          const reads = new CatalogReads();
          const read = { ...ctx, catalog: reads.of(ctx.catalog) };
          const model = await buildPage(read, async () => {
            const p = SLUG.test(id) ? await read.catalog.getBySlug(id) : undefined;
            if (!p)
              throw new WebHttpError(
                404,
                'No product with this slug. Search the catalog to find it.',
                {},
                (l) => l.m.errors.noProduct,
              );
            return productPage(read, p);
          });
          return { model, reads };
        },
        fixed ?? format,
      );
    };
  const schema = { params: Params, querystring: PageQuerySchema };
  fastify.get('/producto/:slug', { schema, ...PAGE_ROUTE }, handler());
  fastify.get('/producto/:slug/index.md', { schema, ...PAGE_ROUTE }, handler('markdown'));
  readOnly(fastify, ['/producto/:slug', '/producto/:slug/index.md']);
}
