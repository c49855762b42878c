import { createHmac, createPublicKey, type JsonWebKey, verify } from 'node:crypto';

/** base64url of a JSON value, as a JWS segment. */
export function segment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes a token's header and payload without verifying anything. */
export function decode(token: string) {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header ?? '', 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
  };
}

/** An unsigned token (`alg: none`) carrying the given claims. */
export function unsignedToken(claims: object, kid: string): string {
  return `${segment({ alg: 'none', typ: 'at+jwt', kid })}.${segment(claims)}.`;
}

/** The classic key-confusion forgery: HS256 keyed with the public JWK's bytes. */
export function hmacWithPublicKey(claims: object, publicJwk: object & { kid?: string }): string {
  const input = `${segment({ alg: 'HS256', typ: 'at+jwt', kid: publicJwk.kid })}.${segment(claims)}`;
  const secret = JSON.stringify(publicJwk);
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/**
 * A verifier independent of jose: node:crypto with the public JWK and the raw (IEEE P1363) ES256
 * signature, as RFC 7518 section 3.4 encodes it.
 */
export function verifyWithNodeCrypto(token: string, jwk: object): boolean {
  const [header, payload, signature] = token.split('.');
  return verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
}
