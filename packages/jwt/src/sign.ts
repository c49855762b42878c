import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  ACCESS_TOKEN_ALG,
  ACCESS_TOKEN_LIFETIME_S,
  ACCESS_TOKEN_TYPE,
  type AccessTokenClaims,
} from './access-token.js';
import type { KeySet } from './key-set.js';

/** What a token is issued for. */
export interface SignAccessTokenOptions {
  /** The `iss` claim: the authorization server's issuer identifier. */
  readonly issuer: string;
  /** The `aud` claim: the resource the token is meant for. */
  readonly audience: string | readonly string[];
  /** The `client_id` claim, also the `sub`. */
  readonly clientId: string;
  /** Space-separated scopes. */
  readonly scope: string;
  /** Default {@link ACCESS_TOKEN_LIFETIME_S}. */
  readonly lifetimeS?: number;
  /** The issue time in seconds since the epoch; default now. For tests. */
  readonly now?: number;
}

/** A signed token and what it says. */
export interface SignedAccessToken {
  /** The compact JWS. */
  readonly token: string;
  readonly claims: AccessTokenClaims;
  /** Seconds until `exp`. */
  readonly expiresIn: number;
}

/**
 * Signs an RFC 9068 access token with the key set's current key: header `alg: ES256`, `kid`,
 * `typ: at+jwt`; claims `iss`, `sub` = `client_id`, `aud`, `client_id`, `scope`, `iat`,
 * `exp` = `iat` + lifetime, and a random `jti`.
 *
 * @example
 * const { token } = await signAccessToken(keySet, {
 *   issuer: 'https://shop.example', audience: 'https://shop.example', clientId: 'my-agent', scope: 'public',
 * });
 */
export async function signAccessToken(
  keySet: KeySet,
  options: SignAccessTokenOptions,
): Promise<SignedAccessToken> {
  const lifetimeS = options.lifetimeS ?? ACCESS_TOKEN_LIFETIME_S;
  const iat = options.now ?? Math.floor(Date.now() / 1000);
  const claims: AccessTokenClaims = {
    iss: options.issuer,
    sub: options.clientId,
    aud: options.audience,
    client_id: options.clientId,
    scope: options.scope,
    iat,
    exp: iat + lifetimeS,
    jti: randomUUID(),
  };
  const token = await new SignJWT({ ...claims, aud: claims.aud as string | string[] })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: keySet.currentKid, typ: ACCESS_TOKEN_TYPE })
    .sign(keySet.signingKey);
  return { token, claims, expiresIn: lifetimeS };
}
