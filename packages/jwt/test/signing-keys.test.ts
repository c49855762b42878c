import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../src/key-file.js';
import { parseSigningKeys } from '../src/signing-keys.js';

const a = generateSigningKey('a');
const b = generateSigningKey('b');

describe('parseSigningKeys', () => {
  it('reads one JWK, an array or a JWK Set; the first key is current by default', () => {
    expect(parseSigningKeys(JSON.stringify(a)).currentKid).toBe('a');
    expect(parseSigningKeys(JSON.stringify([a, b])).keys.map((k) => k.kid)).toEqual(['a', 'b']);
    const set = parseSigningKeys(JSON.stringify({ keys: [a, b] }), { currentKid: 'b' });
    expect(set.currentKid).toBe('b');
    expect(set.keys[1]).toEqual(b);
  });

  it.each([
    ['not JSON', '{keys', /not valid JSON/],
    ['an empty set', '{"keys":[]}', /hold no key/],
    ['an RSA key', JSON.stringify({ ...a, kty: 'RSA' }), /key 1 must be an EC key on curve P-256/],
    ['a P-384 key', JSON.stringify({ ...a, crv: 'P-384' }), /P-256/],
    ['a public key', JSON.stringify({ ...a, d: undefined }), /public key; a private key/],
    ['a key without kid', JSON.stringify({ ...a, kid: undefined }), /has no "kid"/],
    ['another alg', JSON.stringify({ ...a, alg: 'ES384' }), /alg ES384/],
    ['a point off the curve', JSON.stringify({ ...a, x: b.y }), /not a valid EC P-256 private key/],
    ['two keys with one kid', JSON.stringify([a, { ...b, kid: 'a' }]), /share the kid "a"/],
  ])('refuses %s with a clear message', (_name, json, message) => {
    expect(() => parseSigningKeys(json)).toThrow(message);
  });

  it('refuses a current kid that names no key, listing the known ones', () => {
    expect(() => parseSigningKeys(JSON.stringify([a, b]), { currentKid: 'c' })).toThrow(
      'the current key id "c" names no key (known: a, b)',
    );
  });

  it('never repeats private key material in its messages', () => {
    try {
      parseSigningKeys(JSON.stringify({ ...a, alg: 'HS256' }));
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).not.toContain(a.d);
      expect((err as { code?: string }).code).toBe('JWT_KEY_INVALID');
    }
  });
});
