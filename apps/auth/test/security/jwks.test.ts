import { generateSigningKey } from '@repo/jwt';
import { describe, expect, it } from 'vitest';
import { buildLogged } from './helpers.js';

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];

describe('the JWKS', () => {
  it('never exposes a private member, with one key or several during a rotation', async () => {
    const keys = [generateSigningKey('new'), generateSigningKey('old')];
    expect(keys.every((k) => typeof k.d === 'string')).toBe(true);
    const { app } = await buildLogged({ JWT_CURRENT_KID: 'new' }, keys);
    const response = await app.inject('/.well-known/jwks.json');
    expect(response.statusCode).toBe(200);
    const { keys: published } = response.json() as { keys: Record<string, unknown>[] };
    expect(published.map((k) => k.kid)).toEqual(['new', 'old']);
    for (const key of published) {
      for (const member of PRIVATE_MEMBERS) expect(key).not.toHaveProperty(member);
    }
    for (const key of keys) expect(response.body).not.toContain(key.d);
  });
});
