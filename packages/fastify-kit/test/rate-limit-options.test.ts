import { createRateCounter } from '@repo/ratelimit';
import { afterAll, describe, expect, it } from 'vitest';
import { clientKey, rateLimitOptions } from '../src/rate-limit-options.js';

const log = { info: () => {}, warn: () => {}, error: () => {} };
const request = (extra: object = {}) => ({ ip: '203.0.113.9', log, ...extra });

describe('clientKey', () => {
  it('is the client_id of a valid token, else the address', () => {
    expect(clientKey(request({ clientId: 'agent-7' }))).toBe('client:agent-7');
    expect(clientKey(request({ clientId: null }))).toBe('ip:203.0.113.9');
    expect(clientKey(request())).toBe('ip:203.0.113.9');
  });
});

describe('rateLimitOptions', () => {
  const counter = createRateCounter({ prefix: 't:', log });
  afterAll(() => counter.close());
  const exceeded = (_r: unknown, { max, ttl }: { max: number; ttl: number }) =>
    new Error(`over ${max}, retry in ${ttl}`);

  it('maps the policy onto @fastify/rate-limit options with the draft headers', () => {
    const options = rateLimitOptions(counter, { max: 5, windowMs: 1_000, exceeded });
    expect(options).toMatchObject({ max: 5, timeWindow: 1_000, enableDraftSpec: true });
    // Nothing exempt but warm-ups, which no client sends.
    expect(options.allowList(request())).toBe(false);
    expect(options.keyGenerator(request({ clientId: 'a' }))).toBe('client:a');
    // The plugin hands max as it was configured, possibly a string.
    expect(options.errorResponseBuilder(request(), { max: '5', ttl: 250 }).message).toBe(
      'over 5, retry in 250',
    );
  });

  it('passes exemptions as the allow list and logs each refusal with the client', () => {
    const lines: object[] = [];
    const seen = { ip: '198.51.100.1', log: { info: (b: object) => lines.push(b) } };
    const exempt = (r: { ip: string }) => r.ip === '198.51.100.1';
    const options = rateLimitOptions(counter, { max: 1, windowMs: 1_000, exceeded, exempt });
    expect(options.allowList(seen)).toBe(true);
    expect(options.allowList({ ...seen, ip: '198.51.100.2' })).toBe(false);
    options.onExceeded(seen);
    expect(lines).toEqual([{ client: 'ip:198.51.100.1' }]);
  });
});
