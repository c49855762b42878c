import { STATUS_CODES } from 'node:http';
import { isCatalogError } from '@repo/catalog-core';
import { isSearchError } from '@repo/search';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from './i18n/locale.js';
import { errorPage } from './pages/error-page.js';
import { negotiate, type Representation } from './render/negotiate.js';
import { sendPage } from './render/send-page.js';

/** An RFC 9457 problem document, the error format of every JSON endpoint of the web app. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly instance?: string;
}

/** Builds the problem document for a status; `detail` only ever carries client-safe text. */
export function problem(status: number, detail?: string, instance?: string): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    ...(detail === undefined ? {} : { detail }),
    ...(instance === undefined ? {} : { instance }),
  };
}

/** An error's words in a page's language; absent, pages show the English message. */
export type LocalizedMessage = (locale: Locale) => string;

/**
 * An HTTP error with a client-safe message (and headers such as `Allow`); `localized` says it in
 * an error page's language (problem+json keeps the English `message`).
 */
export class WebHttpError extends Error {
  override name = 'WebHttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly localized?: LocalizedMessage,
  ) {
    super(message);
  }
}

// Documents (JSON, XML, text, images, everything under /.well-known/, SKILL.md included) answer
// errors as problem+json, as OpenAPI says; pages answer in the representation asked for, by `.md`
// in the path or by `Accept`.
const DOCUMENT_PATH = /\.(json|xml|txt|svg|css)$/;
const WELL_KNOWN = '/.well-known/';

/** The representation an error for this request takes. */
export function errorRepresentation(request: FastifyRequest): Representation {
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith(WELL_KNOWN)) return 'json';
  if (path.endsWith('.md')) return 'markdown';
  if (DOCUMENT_PATH.test(path)) return 'json';
  return negotiate(request.headers.accept, ['html', 'markdown', 'json']);
}

function statusOf(error: FastifyError | WebHttpError): number {
  if (isSearchError(error)) return error.code === 'INVALID_QUERY' ? 400 : 503;
  if (isCatalogError(error)) return 400;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function clientMessage(error: FastifyError, status: number): string {
  if (status >= 500) {
    return status === 503
      ? 'The catalog is busy or unavailable; try again shortly.'
      : 'Something went wrong on our side.';
  }
  // Validation messages name the parameter (`querystring/page must be >= 1`); say it plainly.
  if (error.validation)
    return `Invalid parameter: ${error.message.replace(/^(querystring|params)\//, '')}.`;
  return error.message;
}

// The same in a page's language: the parameter named, the validator's detail as code.
function localizedMessage(error: FastifyError, status: number): LocalizedMessage | undefined {
  if (error instanceof WebHttpError) return error.localized;
  if (status >= 500) {
    return (l) => (status === 503 ? l.m.errors.busy : l.m.errors.internal);
  }
  const first = error.validation?.[0];
  if (first === undefined) return undefined;
  const name =
    first.instancePath.replace(/^\//, '') ||
    String((first.params as { missingProperty?: unknown }).missingProperty ?? '');
  return (l) => `${l.t(l.m.errors.invalidParameter, { name })} (${first.message ?? ''})`;
}

/** Sends an error in the representation the request asked for. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  localized?: LocalizedMessage,
) {
  const rep = errorRepresentation(request);
  // A URL the router refuses (one-process server) is answered at the root, where the web app's
  // page renderer is not decorated: problem+json then, still without internals.
  if (rep === 'json' || request.server.site === undefined) {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    return reply
      .code(status)
      .type('application/problem+json')
      .send(problem(status, message, request.url));
  }
  // The site of the request's catalog version; an error before the request took one (a URL the
  // router refused) gets the version-free shell.
  const site = request.site ?? request.server.site;
  const page = errorPage(request, status, message, localized);
  return sendPage(request, reply, page, site, rep === 'markdown' ? 'markdown' : 'html');
}

/**
 * The app's one error handler: client errors keep their message, anything else is logged in full
 * and answered without internals (no stack, no path), in HTML, Markdown or problem+json.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (
    (error.statusCode === 400 || error.statusCode === 414) &&
    REFUSED_OUTBOUND.test(request.url)
  ) {
    reply.headers(OUTBOUND_HEADERS);
    return sendError(request, reply, 404, NO_SUCH_LINK, noLinkHere);
  }
  const status = statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
  if (error instanceof WebHttpError) reply.headers(error.headers);
  // The catalog engine is busy or away: say when trying again makes sense (RFC 9110 10.2.3).
  if (status === 503) reply.header('retry-after', '5');
  return sendError(
    request,
    reply,
    status,
    clientMessage(error, status),
    localizedMessage(error, status),
  );
}

/** Every answer under `/go/` carries these: a redirect is nobody's page, and no cache may keep it. */
export const OUTBOUND_HEADERS = { 'x-robots-tag': 'noindex', 'cache-control': 'no-store' } as const;

const NO_SUCH_LINK =
  'This link leads to no product or agent. Search the catalog to find the product.';
const noLinkHere: LocalizedMessage = (l) => l.m.errors.noOutbound;

/** A path under `/go/` that names no product on an agent taking orders. */
export function noSuchLink(): WebHttpError {
  return new WebHttpError(404, NO_SUCH_LINK, OUTBOUND_HEADERS, noLinkHere);
}

// A URL under /go/ names a product on an agent or nothing: one that the router or the schema
// refuses (a bad percent-encoding, a segment too long) is no link either, and says so as a 404.
const REFUSED_OUTBOUND = /^\/go\//;

/** 404 for any route the app does not know, in the representation asked for. */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = (request.url.split('?')[0] ?? '/').slice(0, 200);
  return sendError(request, reply, 404, `Nothing here: ${path}`, (l) =>
    l.t(l.m.errors.nothingHere, { path }),
  );
}
