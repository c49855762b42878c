import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, onTestFinished } from 'vitest';
import authApp from '../src/app.js';
import { loadConfig } from '../src/config.js';

describe('auth app', () => {
  it('answers /health.json on its own', async () => {
    const app = Fastify({ logger: false });
    app.register(fp(authApp), { config: loadConfig({}) });
    onTestFinished(() => app.close());
    const response = await app.inject('/health.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', service: 'auth' });
  });

  it('defaults to port 8083 and fails naming a bad variable', () => {
    expect(loadConfig({}).port).toBe(8083);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
  });
});
