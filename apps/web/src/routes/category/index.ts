import { isCategoryId } from '@repo/catalog-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { WebHttpError } from '../../errors.js';
import { listingKey, listingPage } from '../../pages/listing/listing-page.js';
import { sendPage } from '../../render/send-page.js';
import { type ListingQuery, ListingQuerySchema } from '../../schemas/page-queries.js';
import { pageContext, readOnly, splitSuffix, type UrlFormat } from '../page-route.js';

const Params = Type.Object({ category: Type.String({ maxLength: 60 }) });

/** `GET /category/{category}` (and `.md`): one of the 14 categories; any other is a 404 page. */
export default async function categoryRoutes(fastify: FastifyInstance) {
  const ctx = pageContext(fastify);
  const handler = (fixed?: UrlFormat) =>
    async function categoryPage(
      request: FastifyRequest<{ Params: { category: string }; Querystring: ListingQuery }>,
      reply: FastifyReply,
    ) {
      const { id, format } = splitSuffix(request.params.category);
      if (!isCategoryId(id))
        throw new WebHttpError(
          404,
          'No such category. The catalog has 14 categories; see the list on the home page.',
        );
      const page = await fastify.site.pages.get(`category:${id}:${listingKey(request.query)}`, () =>
        listingPage(ctx, request.query, id),
      );
      return sendPage(request, reply, page, fastify.site, fixed ?? format);
    };
  const schema = { params: Params, querystring: ListingQuerySchema };
  fastify.get('/category/:category', { schema }, handler());
  fastify.get('/category/:category/index.md', { schema }, handler('markdown'));
  readOnly(fastify, ['/category/:category', '/category/:category/index.md']);
}
