import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '@repo/fastify-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The README's first command, as a real process: the built one-process server on a free port.
const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server.js');

function run(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [entry], {
    env: { LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const response = await fetch(url).catch(() => undefined);
    if (response) return response;
    await sleep(50);
  }
  throw new Error('server did not answer within 15 s');
}

describe('the one-process server (pnpm start)', () => {
  let child: ChildProcess;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = run({ PORT: String(port) });
  });
  afterAll(() => {
    child.kill('SIGTERM');
  });

  it('serves /health.json with 17,917 products in 14 categories on the embedded engine', async () => {
    const response = await waitForHealth(`${base}/health.json`, child);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      catalog: { products: 17_917, categories: 14 },
      search: { engine: 'embedded', state: 'ready' },
    });
  });

  it("answers a URL the router refuses as problem+json, not Fastify's own JSON", async () => {
    await waitForHealth(`${base}/health.json`, child);
    const response = await fetch(`${base}/x%ZZ`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.text()).not.toMatch(/FST_ERR|node_modules/);
  });

  it('exits with code 0 on SIGTERM', async () => {
    await waitForHealth(`${base}/health.json`, child);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});

describe('configuration errors', () => {
  it('stop the server at start with the variable name and exit code 1', async () => {
    const child = run({ PORT: 'eighty', SEARCH_ENGINE: 'solr' });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('PORT: must be a TCP port');
    expect(stderr).toContain('SEARCH_ENGINE: must be embedded or meilisearch');
    expect(stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('stop the server at start when LEXICON_FILE is invalid, naming the problem', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lexicon-')), 'lexicon.json');
    writeFileSync(file, JSON.stringify({ version: 1, fillers: { en: ['please', 'nike'] } }));
    const child = run({ PORT: String(await freePort()), LEXICON_FILE: file });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output).toContain('cannot start: Invalid lexicon');
    expect(output).toContain('LEXICON_INVALID');
    expect(output).toContain('\\"nike\\" is also brand Nike');
  });

  it('stop the server at start when RATES_FILE is invalid, naming each bad field', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rates-')), 'rates.json');
    writeFileSync(
      file,
      JSON.stringify({ as_of: '2026-11-23', cny_per_unit: { USD: -7, JPY: 0.05 } }),
    );
    const child = run({ PORT: String(await freePort()), RATES_FILE: file });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk) => {
        output += chunk;
      });
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output).toContain('cannot start: Invalid currency rates');
    expect(output).toContain('RATES_INVALID');
    expect(output).toContain('/cny_per_unit/USD: must be a positive, finite number of CNY per USD');
    expect(output).toContain(
      '/cny_per_unit: missing a rate for EUR, GBP, CAD, AUD, BRL, MXN and PLN',
    );
    expect(output).toContain('/cny_per_unit: unknown currency code JPY; the known ones are');
  });
});
