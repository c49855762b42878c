import { createPrivateKey } from 'node:crypto';
import { JwtKeyError } from './errors.js';

/** An EC P-256 private JSON Web Key (RFC 7517/7518) that signs ES256 tokens. */
export interface PrivateJwk {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly x: string;
  readonly y: string;
  /** The private scalar: never published, never logged. */
  readonly d: string;
  readonly kid: string;
  readonly alg: 'ES256';
  readonly use: 'sig';
}

/** The signing keys of an issuer: every key verifies, the current one signs new tokens. */
export interface SigningKeys {
  readonly keys: readonly PrivateJwk[];
  readonly currentKid: string;
}

/** Options of {@link parseSigningKeys}. */
export interface ParseSigningKeysOptions {
  /** The `kid` that signs new tokens; default: the first key. */
  readonly currentKid?: string | undefined;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toPrivateJwk(value: unknown, label: string): PrivateJwk {
  if (!isObject(value)) throw new JwtKeyError(`${label} is not a JSON object`);
  const { kty, crv, x, y, d, kid, alg } = value;
  if (kty !== 'EC' || crv !== 'P-256') {
    throw new JwtKeyError(`${label} must be an EC key on curve P-256 (ES256)`);
  }
  if (typeof d !== 'string' || d === '') {
    throw new JwtKeyError(`${label} is a public key; a private key (with "d") is needed to sign`);
  }
  if (typeof kid !== 'string' || kid.trim() === '') {
    throw new JwtKeyError(`${label} has no "kid"; every key needs one so tokens name their key`);
  }
  if (alg !== undefined && alg !== 'ES256') {
    throw new JwtKeyError(`${label} ("${kid}") has alg ${String(alg)}; only ES256 is used`);
  }
  if (typeof x !== 'string' || typeof y !== 'string') {
    throw new JwtKeyError(`${label} ("${kid}") lacks the public coordinates "x" and "y"`);
  }
  const jwk: PrivateJwk = { kty, crv, x, y, d, kid, alg: 'ES256', use: 'sig' };
  try {
    // node:crypto rejects coordinates off the curve and malformed base64url, synchronously.
    createPrivateKey({ key: { ...jwk }, format: 'jwk' });
  } catch (cause) {
    throw new JwtKeyError(`${label} ("${kid}") is not a valid EC P-256 private key`, { cause });
  }
  return jwk;
}

/**
 * Validates private signing keys given as JSON: one private JWK, an array of them, or a JWK Set
 * (`{"keys": [...]}`). Each must be an EC P-256 private key with a unique `kid`.
 *
 * @throws {JwtKeyError} naming the first bad key and what is wrong, never its key material.
 * @example const keys = parseSigningKeys(json, { currentKid: '2025-11' }); // keys.currentKid === '2025-11'
 */
export function parseSigningKeys(json: string, options: ParseSigningKeysOptions = {}): SigningKeys {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (cause) {
    throw new JwtKeyError('signing keys are not valid JSON', { cause });
  }
  const list = Array.isArray(parsed)
    ? parsed
    : isObject(parsed) && Array.isArray(parsed.keys)
      ? parsed.keys
      : [parsed];
  if (list.length === 0) throw new JwtKeyError('signing keys hold no key');
  const keys = list.map((value, i) => toPrivateJwk(value, `key ${i + 1}`));
  const seen = new Set<string>();
  for (const { kid } of keys) {
    if (seen.has(kid)) throw new JwtKeyError(`two keys share the kid "${kid}"`);
    seen.add(kid);
  }
  const currentKid = options.currentKid ?? keys[0]!.kid;
  if (!seen.has(currentKid)) {
    throw new JwtKeyError(
      `the current key id "${currentKid}" names no key (known: ${[...seen].join(', ')})`,
    );
  }
  return { keys, currentKid };
}
