import { type CryptoKey, importJWK, type JSONWebKeySet } from 'jose';
import { JwtKeyError } from './errors.js';
import type { SigningKeys } from './signing-keys.js';

/** Imported signing keys, ready to sign, and the public JWK Set that verifies them. */
export interface KeySet {
  /** The `kid` new tokens carry. */
  readonly currentKid: string;
  /** The private key of `currentKid`; stays inside the process. */
  readonly signingKey: CryptoKey;
  /** Every key's public half (`kty`, `crv`, `x`, `y`, `kid`, `alg`, `use`), as `/.well-known/jwks.json` serves it. */
  readonly publicJwks: JSONWebKeySet;
}

/**
 * Imports validated signing keys for jose and derives the public JWK Set. The public keys are
 * built member by member, so no private member (`d`) can leak into the published set.
 *
 * @throws {JwtKeyError} when a key cannot be imported.
 * @example const keySet = await createKeySet(parseSigningKeys(json)); // keySet.publicJwks.keys.length
 */
export async function createKeySet(keys: SigningKeys): Promise<KeySet> {
  const current = keys.keys.find((k) => k.kid === keys.currentKid);
  if (!current) throw new JwtKeyError(`the current key id "${keys.currentKid}" names no key`);
  let signingKey: CryptoKey;
  try {
    signingKey = (await importJWK({ ...current }, 'ES256')) as CryptoKey;
  } catch (cause) {
    throw new JwtKeyError(`key "${current.kid}" cannot be imported`, { cause });
  }
  const publicJwks: JSONWebKeySet = {
    keys: keys.keys.map(({ kty, crv, x, y, kid, alg, use }) => ({ kty, crv, x, y, kid, alg, use })),
  };
  return Object.freeze({ currentKid: current.kid, signingKey, publicJwks: deepFreeze(publicJwks) });
}

function deepFreeze<T extends JSONWebKeySet>(set: T): T {
  for (const key of set.keys) Object.freeze(key);
  Object.freeze(set.keys);
  return Object.freeze(set);
}
