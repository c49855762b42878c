import type { Env } from '@repo/env';
import { generateSigningKey, type PrivateJwk } from '@repo/jwt';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { onTestFinished } from 'vitest';
import authApp from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { handleError } from '../src/errors.js';

/** The base URL every test document is built from. */
export const BASE_URL = 'https://shop.example';

/** One signing key for the whole test file. */
export const testKey = generateSigningKey('test-key');

/** The auth app with test config (one generated key unless `keys` says otherwise), closed after the test. */
export async function build(env: Env = {}, keys: readonly PrivateJwk[] = [testKey]) {
  const app = Fastify({ logger: false, frameworkErrors: handleError });
  const config = loadConfig({
    BASE_URL,
    JWT_PRIVATE_KEYS: JSON.stringify({ keys }),
    ...env,
  });
  app.register(fp(authApp), { config });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

/** Decodes a JWT's header and payload without verifying anything. */
export function decodeJwt(token: string) {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header ?? '', 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
  };
}

/** A form body for the token endpoint. */
export function form(fields: Record<string, string>) {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  };
}
