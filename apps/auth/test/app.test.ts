import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, onTestFinished } from 'vitest';
import authApp from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { testKey } from './helper.js';

describe('auth app', () => {
  it('answers /health.json on its own', async () => {
    const app = Fastify({ logger: false });
    app.register(fp(authApp), {
      config: loadConfig({ JWT_PRIVATE_KEYS: JSON.stringify(testKey) }),
    });
    onTestFinished(() => app.close());
    const response = await app.inject('/health.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', service: 'auth' });
  });

  it('leaves /health.json to others when serveHealth is off', async () => {
    const app = Fastify({ logger: false });
    app.register(fp(authApp), {
      config: loadConfig({ JWT_PRIVATE_KEYS: JSON.stringify(testKey) }),
      serveHealth: false,
    });
    onTestFinished(() => app.close());
    expect((await app.inject('/health.json')).statusCode).toBe(404);
  });
});
