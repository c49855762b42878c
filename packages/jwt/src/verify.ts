import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { ACCESS_TOKEN_ALG, ACCESS_TOKEN_TYPE, type AccessTokenClaims } from './access-token.js';
import { JwtKeyError, JwtVerificationError } from './errors.js';
import { VerifiedCache } from './verified-cache.js';

/** Where a verifier finds the public keys, and what it checks. */
export interface TokenVerifierOptions {
  /** The expected `iss`. */
  readonly issuer: string;
  /** The expected `aud` (one of the token's audiences must match). */
  readonly audience: string;
  /** Local public keys. Give this or `jwksUrl`. */
  readonly jwks?: JSONWebKeySet | undefined;
  /**
   * A remote JWK Set, fetched on first use, cached, and fetched again when a token names an
   * unknown `kid` (at most once per `jwksCooldownMs`). Give this or `jwks`.
   */
  readonly jwksUrl?: string | URL | undefined;
  /** How long fetched keys are trusted; default 10 minutes. */
  readonly jwksCacheMaxAgeMs?: number;
  /** Least time between two fetches; default 30 s. */
  readonly jwksCooldownMs?: number;
  /** Time limit of one fetch; default 2 s, so a slow key server cannot stall requests for long. */
  readonly jwksTimeoutMs?: number;
  /**
   * After a fetch fails (unreachable, hanging, not a JWK Set), how long tokens that need the
   * remote keys are refused at once instead of waiting for another fetch; default 5 s.
   */
  readonly jwksFailureBackoffMs?: number;
  /** Clock skew allowed on `exp` and `iat`, in seconds; default 5. */
  readonly clockToleranceS?: number;
  /** How many verified tokens to remember (0 turns it off); default 1000. */
  readonly cacheSize?: number;
}

/** Verifies access tokens; see {@link createTokenVerifier}. */
export interface TokenVerifier {
  /**
   * Resolves to the token's claims.
   *
   * @throws {JwtVerificationError} when the token does not verify for any reason.
   */
  verify(token: string): Promise<AccessTokenClaims>;
}

/**
 * Creates a verifier of this package's access tokens: ES256 only (so `alg: none` and HMAC
 * tokens are refused whatever key they name), `typ: at+jwt`, the issuer and audience given, a
 * live `exp`, and the claims RFC 9068 requires. Verified tokens are remembered until they expire
 * (at most 5 minutes), so a client sending the same token on every call costs one signature check.
 *
 * @throws {JwtKeyError} when neither or both of `jwks` and `jwksUrl` are given.
 * @example
 * const verifier = createTokenVerifier({
 *   issuer: 'https://shop.example', audience: 'https://shop.example',
 *   jwksUrl: 'https://shop.example/.well-known/jwks.json',
 * });
 * const { client_id } = await verifier.verify(token);
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const getKey = keyResolver(options);
  const clockTolerance = options.clockToleranceS ?? 5;
  const cache = new VerifiedCache(options.cacheSize ?? 1000, clockTolerance);
  return {
    async verify(token: string) {
      const cached = cache.get(token);
      if (cached) return cached;
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, getKey, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: [ACCESS_TOKEN_ALG],
          typ: ACCESS_TOKEN_TYPE,
          clockTolerance,
          requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat', 'jti'],
        }));
      } catch (cause) {
        throw new JwtVerificationError(`invalid token: ${(cause as Error).message}`, { cause });
      }
      const claims = toClaims(payload);
      cache.set(token, claims);
      return claims;
    },
  };
}

function keyResolver(options: TokenVerifierOptions): JWTVerifyGetKey {
  if (options.jwks && !options.jwksUrl) return createLocalJWKSet(options.jwks);
  if (options.jwksUrl && !options.jwks) {
    const remote = createRemoteJWKSet(new URL(options.jwksUrl), {
      cacheMaxAge: options.jwksCacheMaxAgeMs ?? 600_000,
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      timeoutDuration: options.jwksTimeoutMs ?? 2_000,
    });
    return withFailureBackoff(remote, options.jwksFailureBackoffMs ?? 5_000);
  }
  throw new JwtKeyError('a token verifier needs either local keys (jwks) or a JWKS URL, not both');
}

// jose does not remember a failed fetch: while the key server hangs, every token would wait out
// the fetch timeout again. After a failure, tokens are refused at once for a while (the request is
// then simply anonymous); an unknown kid is not a failure of the server and does not count.
const SERVER_IS_FINE = new Set(['ERR_JWKS_NO_MATCHING_KEY', 'ERR_JWKS_MULTIPLE_MATCHING_KEYS']);

function withFailureBackoff(getKey: JWTVerifyGetKey, backoffMs: number): JWTVerifyGetKey {
  let failedUntil = 0;
  return async (header, token) => {
    if (Date.now() < failedUntil) {
      throw new JwtKeyError(
        'the JWK Set could not be fetched moments ago; not fetching it again yet',
      );
    }
    try {
      return await getKey(header, token);
    } catch (err) {
      if (!SERVER_IS_FINE.has((err as { code?: string }).code ?? ''))
        failedUntil = Date.now() + backoffMs;
      throw err;
    }
  };
}

function toClaims(payload: Record<string, unknown>): AccessTokenClaims {
  const { client_id, scope } = payload;
  if (typeof client_id !== 'string' || client_id === '') {
    throw new JwtVerificationError('invalid token: no "client_id" claim');
  }
  if (typeof scope !== 'string') throw new JwtVerificationError('invalid token: no "scope" claim');
  return payload as unknown as AccessTokenClaims;
}
