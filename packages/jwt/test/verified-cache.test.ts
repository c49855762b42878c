import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessTokenClaims } from '../src/access-token.js';
import { VerifiedCache } from '../src/verified-cache.js';

const claims = (expInS: number): AccessTokenClaims => {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'https://shop.example',
    sub: 'agent-7',
    aud: 'https://shop.example',
    client_id: 'agent-7',
    scope: 'public',
    iat: now,
    exp: now + expInS,
    jti: 'j',
  };
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'] });
  // A fake performance.now() starts at 0, which lru-cache reads as "no start time".
  vi.advanceTimersByTime(1_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('VerifiedCache', () => {
  it('trusts a token until it expires, with the clock tolerance', () => {
    const cache = new VerifiedCache(10, 5, performance);
    const token = claims(60);
    cache.set('t', token);
    vi.advanceTimersByTime(64_000);
    expect(cache.get('t')).toBe(token);
    vi.advanceTimersByTime(2_000);
    expect(cache.get('t')).toBeUndefined();
  });

  it('trusts a long-lived token for 5 minutes at most, so a withdrawn key stops counting', () => {
    const cache = new VerifiedCache(10, 5, performance);
    cache.set('t', claims(3_600));
    vi.advanceTimersByTime(299_000);
    expect(cache.get('t')).toBeDefined();
    vi.advanceTimersByTime(2_000);
    expect(cache.get('t')).toBeUndefined();
  });

  it('keeps the most recently used tokens within its size, and none at size 0', () => {
    const cache = new VerifiedCache(2, 5);
    cache.set('a', claims(60));
    cache.set('b', claims(60));
    cache.get('a');
    cache.set('c', claims(60));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    const none = new VerifiedCache(0, 5);
    none.set('a', claims(60));
    expect(none.get('a')).toBeUndefined();
  });
});
