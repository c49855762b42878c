import { parseEnv } from '@repo/env';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { opsConfig, opsEnv, requestIdOf } from '../src/index.js';

const load = (env: Record<string, string>, port = 8080) =>
  opsConfig(parseEnv(Type.Object(opsEnv), env), port);

describe('operations config', () => {
  it('has no metrics listener by default and bounded client timeouts', () => {
    expect(load({})).toEqual({
      metrics: undefined,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 },
    });
  });

  it('binds metrics to loopback unless told otherwise', () => {
    expect(load({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(load({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics?.host).toBe('0.0.0.0');
  });

  it('names each bad variable', () => {
    expect(() => load({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => load({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    expect(() => load({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => load({ REQUEST_TIMEOUT_MS: '10' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});

describe('request ids', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const of = (value?: string | string[]) =>
    requestIdOf({ headers: value === undefined ? {} : { 'x-request-id': value } });

  it('keeps a safe X-Request-Id as it is', () => {
    expect(of('4bf92f3577b34da6a3ce929d0e0e4736')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(of('req:1.2_3-x')).toBe('req:1.2_3-x');
    expect(of('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it.each([
    ['none', undefined],
    ['empty', ''],
    ['too long', 'a'.repeat(129)],
    ['a forged log line', 'x\n{"level":50,"msg":"forged"}'],
    ['an ANSI escape', '\u001b[31mred'],
    ['spaces', 'a b'],
    ['a quote', 'a"b'],
    ['repeated headers', ['a', 'b']],
  ])('replaces %s with a new UUID', (_name, value) => {
    expect(of(value)).toMatch(uuid);
  });
});
