import { describe, expect, it } from 'vitest';
import { serverOptions } from '../src/index.js';

describe('serverOptions', () => {
  it('gives Fastify the timeouts, a default body limit and the request id rule', () => {
    const options = serverOptions({ headersTimeoutMs: 2_000, requestTimeoutMs: 5_000 });
    expect(options).toMatchObject({
      connectionTimeout: 5_000,
      requestTimeout: 5_000,
      http: { headersTimeout: 2_000, requestTimeout: 5_000 },
      bodyLimit: 65_536,
      requestIdHeader: false,
    });
  });
});
