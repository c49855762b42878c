import { isCategoryId } from '@repo/catalog-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { WebHttpError } from '../../errors.js';
import { listingKey, listingPage } from '../../pages/listing/listing-page.js';
import { PAGE_ROUTE, sendKeptPage } from '../../render/send-page.js';
import { type ListingQuery, ListingQuerySchema } from '../../schemas/page-queries.js';
import {
  buildPage,
  pageContext,
  popularityKey,
  preferenceKey,
  readOnly,
  splitSuffix,
  type UrlFormat,
} from '../page-route.js';

const Params = Type.Object({ category: Type.String({ maxLength: 60 }) });

/** `GET /category/{category}` (and `.md`): one of the 14 categories; any other is a 404 page. */
export default async function categoryRoutes(fastify: FastifyInstance) {
  const handler = (fixed?: UrlFormat) =>
    function categoryPage(
      request: FastifyRequest<{ Params: { category: string }; Querystring: ListingQuery }>,
      reply: FastifyReply,
    ) {
      const { id, format } = splitSuffix(request.params.category);
      if (!isCategoryId(id))
        throw new WebHttpError(
          404,
          'No such category. The catalog has 14 categories; see the list on the home page.',
          {},
          (l) => l.m.errors.noCategory,
        );
      const ctx = pageContext(request, request.query);
      return sendKeptPage(
        request,
        reply,
        request.site,
        `category:${id}:${listingKey(request.query)}${preferenceKey(ctx)}${popularityKey(ctx, request.query.sort)}`,
        () => buildPage(ctx, () => listingPage(ctx, request.query, id)),
        fixed ?? format,
      );
    };
  const schema = { params: Params, querystring: ListingQuerySchema };
  fastify.get('/category/:category', { schema, ...PAGE_ROUTE }, handler());
  fastify.get('/category/:category/index.md', { schema, ...PAGE_ROUTE }, handler('markdown'));
  readOnly(fastify, ['/category/:category', '/category/:category/index.md']);
}
