import { Writable } from 'node:stream';
import type { Env } from '@repo/env';
import { generateSigningKey, type PrivateJwk } from '@repo/jwt';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { onTestFinished } from 'vitest';
import authApp from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

/** The auth app with a real logger at `info` whose raw output is kept, closed after the test. */
export async function buildLogged(
  env: Env = {},
  keys: readonly PrivateJwk[] = [generateSigningKey('k1')],
) {
  let raw = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw += String(chunk);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  app.register(fp(authApp), {
    config: loadConfig({
      BASE_URL: 'https://shop.example',
      JWT_PRIVATE_KEYS: JSON.stringify({ keys }),
      ...env,
    }),
  });
  await app.ready();
  onTestFinished(() => app.close());
  return { app, log: () => raw };
}

/** What an error body must never show: a stack frame, a source file, a machine path. */
export const INTERNALS = [
  /\n\s+at /,
  /\bat .+:\d+:\d+/,
  /node_modules/,
  /\/srv\/app\//,
  /\.[cm]?[jt]s:\d/,
];

/** Fails with the matching pattern when a body shows an internal. */
export function internalsIn(body: string): string[] {
  return INTERNALS.filter((re) => re.test(body)).map(String);
}
