import { ACCESS_TOKEN_EXPIRES_IN, OAUTH_SCOPE } from '@repo/catalog-core';
import {
  createKeySet,
  type KeySet,
  type SignedAccessToken,
  type SigningKeys,
  signAccessToken,
} from '@repo/jwt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Issues this service's access tokens and publishes their public keys. */
export interface TokenIssuer {
  /** The public JWK Set of every configured key. */
  readonly publicJwks: KeySet['publicJwks'];
  /** Signs a one-hour `public` token for a client, with the current key. */
  issue(clientId: string): Promise<SignedAccessToken>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokenIssuer: TokenIssuer;
  }
}

/** Options of the token issuer plugin. */
export interface TokenIssuerOptions {
  readonly signingKeys: SigningKeys;
  /** `iss` of every token. */
  readonly issuer: string;
  /** `aud` of every token: the resources it is meant for. */
  readonly audience: readonly string[];
}

async function tokenIssuer(fastify: FastifyInstance, opts: TokenIssuerOptions) {
  const keySet = await createKeySet(opts.signingKeys);
  fastify.decorate('tokenIssuer', {
    publicJwks: keySet.publicJwks,
    issue: (clientId: string) =>
      signAccessToken(keySet, {
        issuer: opts.issuer,
        audience: opts.audience,
        clientId,
        scope: OAUTH_SCOPE,
        lifetimeS: ACCESS_TOKEN_EXPIRES_IN,
      }),
  });
}

/** Imports the signing keys once at start-up and decorates `fastify.tokenIssuer`. */
export default fp(tokenIssuer, { name: 'token-issuer' });
