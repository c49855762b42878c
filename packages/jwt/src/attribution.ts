import { createTokenVerifier, type TokenVerifierOptions } from './verify.js';

/** Where the keys of the tokens to attribute come from. */
export interface ClientAttributionOptions {
  /** The expected token issuer: the service's `BASE_URL`. */
  readonly issuer: string;
  /** The expected audience; default `issuer`. */
  readonly audience?: string | undefined;
  /** Where the public keys are; default `${issuer}/.well-known/jwks.json`. Fetched on first use, cached. */
  readonly jwksUrl?: string | undefined;
  /** Local public keys instead of a URL (a JWK Set). */
  readonly jwks?: TokenVerifierOptions['jwks'];
}

/** Who sent a request: the `client_id` of a valid token, or nobody, with why a token was ignored. */
export type Attribution =
  | { readonly clientId: string }
  | { readonly clientId: null; readonly ignored?: string };

// RFC 6750 section 2.1 b64token; tokens longer than any we issue are not worth a signature check.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]{1,4096}=*) *$/i;
const ANONYMOUS: Attribution = { clientId: null };

/**
 * Names the client of a request from its `Authorization` header: a valid `Bearer` access token
 * (ES256, issuer, audience, expiry) gives its `client_id`; no header, another scheme or a token
 * that does not verify gives `null`, never an error: a token never changes access.
 *
 * @example const attribute = createClientAttribution({ issuer: 'https://shop.example' });
 * const { clientId } = await attribute(request.headers.authorization);
 */
export function createClientAttribution(
  options: ClientAttributionOptions,
): (authorization: string | undefined) => Promise<Attribution> {
  const verifier = createTokenVerifier({
    issuer: options.issuer,
    audience: options.audience ?? options.issuer,
    jwks: options.jwks,
    jwksUrl: options.jwks
      ? undefined
      : (options.jwksUrl ?? `${options.issuer}/.well-known/jwks.json`),
  });
  return async (authorization) => {
    if (authorization === undefined) return ANONYMOUS;
    const token = BEARER.exec(authorization)?.[1];
    if (!token) return { clientId: null, ignored: 'not a bearer token' };
    try {
      return { clientId: (await verifier.verify(token)).client_id };
    } catch (err) {
      return { clientId: null, ignored: (err as Error).message };
    }
  };
}
