import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { WebHttpError } from '../../errors.js';
import { spreadsheetPage } from '../../pages/spreadsheet/spreadsheet-page.js';
import { PAGE_ROUTE, sendKeptPage } from '../../render/send-page.js';
import { type SpreadsheetQuery, SpreadsheetQuerySchema } from '../../schemas/page-queries.js';
import {
  buildPage,
  pageContext,
  popularityKey,
  preferenceKey,
  readOnly,
  splitSuffix,
  type UrlFormat,
} from '../page-route.js';

const Params = Type.Object({ agent: Type.String({ maxLength: 60 }) });

/** `GET /spreadsheet/{agent}` (and `.md`): the catalog with one agent's links; else a 404 page. */
export default async function spreadsheetRoutes(fastify: FastifyInstance) {
  const handler = (fixed?: UrlFormat) =>
    function spreadsheet(
      request: FastifyRequest<{ Params: { agent: string }; Querystring: SpreadsheetQuery }>,
      reply: FastifyReply,
    ) {
      const { id, format } = splitSuffix(request.params.agent);
      const agent = request.site.agents.find((a) => a.id === id && a.status !== 'closed');
      if (!agent)
        throw new WebHttpError(
          404,
          'No such agent. The spreadsheets are for agent_a, agent_b and agent_c.',
          {},
          (l) => l.t(l.m.errors.noSpreadsheet, { agents: 'agent_a, agent_b, agent_c' }),
        );
      // A spreadsheet shows its own agent's links; a preferred agent only rides in its links.
      const ctx = pageContext(request, request.query);
      const { q, category, sort, page: n } = request.query;
      const key = `spreadsheet:${agent.id}:${JSON.stringify([q, category, sort, n])}${preferenceKey(ctx)}${popularityKey(ctx, sort)}`;
      return sendKeptPage(
        request,
        reply,
        request.site,
        key,
        () => buildPage(ctx, () => spreadsheetPage(ctx, agent, request.query)),
        fixed ?? format,
      );
    };
  const schema = { params: Params, querystring: SpreadsheetQuerySchema };
  fastify.get('/spreadsheet/:agent', { schema, ...PAGE_ROUTE }, handler());
  fastify.get('/spreadsheet/:agent/index.md', { schema, ...PAGE_ROUTE }, handler('markdown'));
  readOnly(fastify, ['/spreadsheet/:agent', '/spreadsheet/:agent/index.md']);
}
