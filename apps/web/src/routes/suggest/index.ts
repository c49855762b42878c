import { hash } from 'node:crypto';
import type { CatalogVersion } from '@repo/catalog-io';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { handleError, WebHttpError } from '../../errors.js';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n/languages.js';
import { localeOf } from '../../i18n/locale.js';
import { suggest } from '../../pages/suggest.js';
import { PAGE_MAX_AGE_S } from '../../render/send-page.js';
import { type SuggestQuery, SuggestQuerySchema } from '../../schemas/suggest.js';
import { readOnly } from '../page-route.js';

/** An answer as sent: its bytes and their ETag. */
interface Answer {
  readonly body: Buffer;
  readonly etag: string;
}

// Typing "moncler jacke" asks for eleven prefixes, and every visitor typing it asks for the same
// ones: each answer is kept, per catalog version, least recently used out first. An answer is
// about a kilobyte, so this holds several thousand texts in each language.
const CACHE_BYTES = 4 * 1024 * 1024;

const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': `public, max-age=${PAGE_MAX_AGE_S}`,
  // Suggestions are no page of the site: no search engine should list them.
  'x-robots-tag': 'noindex',
} as const;

const WHITESPACE = /\s+/g;

/** The text as the answer is kept under: trimmed, spaces collapsed, lower case. */
function normalize(q: string): string {
  return q.trim().replace(WHITESPACE, ' ').toLowerCase();
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply.headers(HEADERS).header('etag', answer.etag).send(answer.body);
}

// The app's error handler answers a path without a suffix in the representation `Accept` asks
// for, which is HTML for a browser's `*/*`: this endpoint speaks JSON only, so its errors are
// problem+json whatever the client accepts, and carry `noindex` like its answers.
function handleSuggestError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.headers.accept = 'application/problem+json';
  reply.header('x-robots-tag', 'noindex');
  return handleError(error, request, reply);
}

/**
 * `GET /suggest?q=&lang=`: up to eight brands, categories and products for the text typed so far
 * in a search field, as JSON (`pages/suggest.ts`), for the site's script. Answers are kept per
 * catalog version and language, so a prefix typed before costs one lookup; it counts against the
 * pages' rate limit like any page. A bad query is a 400 in problem+json.
 */
export default async function suggestRoutes(fastify: FastifyInstance) {
  const caches = new WeakMap<CatalogVersion, LRUCache<string, Answer>>();
  const cacheOf = (catalog: CatalogVersion) => {
    let cache = caches.get(catalog);
    if (cache === undefined) {
      cache = new LRUCache<string, Answer>({
        maxSize: CACHE_BYTES,
        sizeCalculation: (answer, key) => answer.body.length + key.length,
      });
      caches.set(catalog, cache);
    }
    return cache;
  };

  async function answer(request: FastifyRequest, lang: Language, q: string): Promise<Answer> {
    const { site } = request;
    const urls = lang === DEFAULT_LANGUAGE ? site.urls : site.urlsKeeping({ lang });
    const context = {
      catalog: request.catalog.index,
      urls,
      locale: localeOf(lang),
      categories: await site.categoryCounts(),
    };
    const body = Buffer.from(JSON.stringify(await suggest(context, q)));
    return { body, etag: `"${hash('sha1', body, 'base64')}"` };
  }

  fastify.setErrorHandler(handleSuggestError);
  fastify.get<{ Querystring: SuggestQuery }>(
    '/suggest',
    {
      schema: { querystring: SuggestQuerySchema },
      // About a kilobyte: compressing it would cost more time than the bytes it saves.
      compress: false,
    },
    (request, reply) => {
      const lang = request.query.lang ?? DEFAULT_LANGUAGE;
      const q = normalize(request.query.q);
      if ([...q].length < 2) {
        throw new WebHttpError(400, 'Invalid parameter: q must have at least 2 characters.');
      }
      const cache = cacheOf(request.catalog);
      const key = `${lang} ${q}`;
      const kept = cache.get(key);
      // A kept answer is sent at once: the handler returns no promise on a hit.
      if (kept !== undefined) {
        send(reply, kept);
        return;
      }
      return answer(request, lang, q).then((made) => {
        cache.set(key, made);
        return send(reply, made);
      });
    },
  );
  readOnly(fastify, ['/suggest']);
}
