import type { OAuthErrorBody, OAuthErrorCode } from '@repo/catalog-core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * An error of the auth app's wire format (RFC 6749 section 5.2): a code, a description a client
 * can act on, and the status. Local failures are mapped to one of these before they are answered.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  readonly error: OAuthErrorCode;
  readonly statusCode: number;

  constructor(error: OAuthErrorCode, description: string, statusCode = 400) {
    super(description);
    this.error = error;
    this.statusCode = statusCode;
  }

  /** The JSON body of the error response. */
  toResponseObject(): OAuthErrorBody {
    return { error: this.error, error_description: this.message };
  }
}

/** Tells whether a value is an {@link OAuthError}, also across duplicated bundles. */
export function isOAuthError(value: unknown): value is OAuthError {
  return value instanceof Error && value.name === 'OAuthError' && 'toResponseObject' in value;
}

/** Per-route settings of the error mapping, in the route's `config.oauth`. */
export interface OAuthRouteConfig {
  /** The media type the route reads, named when the Content-Type is wrong. */
  readonly accepts: string;
  /** What the body should be, named when it is missing or malformed; default `accepts`. */
  readonly body?: string;
  /** Fields whose wrong value has its own code (RFC 6749: `grant_type`, `scope`). */
  readonly valueErrors?: Readonly<Record<string, OAuthErrorCode>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    oauth?: OAuthRouteConfig;
  }
}

function expectedBody(route: OAuthRouteConfig | undefined): string {
  return route?.body ?? route?.accepts ?? 'well-formed';
}

interface ValidationIssue {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string | undefined;
  readonly params: Record<string, unknown>;
}

function fromValidation(issue: ValidationIssue, route: OAuthRouteConfig | undefined): OAuthError {
  const field = issue.instancePath.slice(1) || String(issue.params.missingProperty ?? '');
  if (field === '')
    return new OAuthError('invalid_request', `the body must be ${expectedBody(route)}`);
  if (issue.keyword === 'required')
    return new OAuthError('invalid_request', `${field} is required`);
  if (issue.keyword === 'enum') {
    const allowed = (issue.params.allowedValues as unknown[] | undefined) ?? [];
    const code = route?.valueErrors?.[field] ?? 'invalid_request';
    return new OAuthError(code, `${field} must be ${allowed.join(' or ')}`);
  }
  if (issue.keyword === 'type')
    return new OAuthError('invalid_request', `${field} must be given once, as text`);
  return new OAuthError('invalid_request', `${field} ${issue.message ?? 'is invalid'}`);
}

/** Maps any error of a request to the OAuth error the client gets. */
export function toOAuthError(error: FastifyError, request: FastifyRequest): OAuthError {
  if (isOAuthError(error)) return error;
  const route = request.routeOptions.config.oauth;
  const issue = error.validation?.[0] as ValidationIssue | undefined;
  if (issue) return fromValidation(issue, route);
  const status = error.statusCode ?? 500;
  // Fastify's own body errors (unsupported or missing media type, unparseable JSON, empty body,
  // too large) are malformed requests in OAuth terms: 400 invalid_request, never 415 or 500.
  if (status === 415) {
    return new OAuthError(
      'invalid_request',
      `Content-Type must be ${route?.accepts ?? 'application/json'}`,
    );
  }
  if (status === 413) return new OAuthError('invalid_request', 'the request body is too large');
  if (status >= 400 && status < 500) {
    return new OAuthError('invalid_request', `the body must be ${expectedBody(route)}`);
  }
  return new OAuthError('server_error', 'the server could not answer; try again later', 500);
}

/** The auth app's one error handler: every error leaves as RFC 6749 JSON, never a stack trace. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const oauth = toOAuthError(error, request);
  if (oauth.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ error: oauth.error }, oauth.message);
  return reply
    .code(oauth.statusCode)
    .header('cache-control', 'no-store')
    .send(oauth.toResponseObject());
}
