import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// No Docker engine runs in CI, so the compose file is checked against the Compose
// Specification's JSON schema (the copy dclint ships) and against what the stack must hold.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const schemaPath = join(
  dirname(require.resolve('dclint/package.json')),
  'schemas',
  'compose.schema.json',
);
const compose = parse(readFileSync(join(root, 'infra/docker-compose.yml'), 'utf8'), {
  merge: true,
});

describe('infra/docker-compose.yml', () => {
  // The schema names draft-07 by an https URI Ajv does not alias; draft-07 is Ajv's default.
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(schemaPath, 'utf8'));
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

  it('is valid against the Compose Specification schema', () => {
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('would be caught by that schema if it were broken', () => {
    const broken = structuredClone(compose);
    broken.services.web.depends_on = 'indexer';
    broken.services.gateway.ports = [{ published: 'eighty' }];
    expect(validate(broken)).toBe(false);
  });

  it('holds meilisearch, redis, a one-shot indexer, web, mcp, auth and the gateway', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['auth', 'gateway', 'indexer', 'mcp', 'meilisearch', 'redis', 'web'].sort(),
    );
    expect(compose.services.indexer.restart).toBe('no');
    expect(compose.services.indexer.command).toContain('index');
  });

  it('pins the Meilisearch version and takes its master key from the environment', () => {
    expect(compose.services.meilisearch.image).toMatch(/^getmeili\/meilisearch:v\d+\.\d+\.\d+$/);
    expect(compose.services.meilisearch.environment.MEILI_MASTER_KEY).toMatch(
      /^\$\{MEILI_MASTER_KEY/,
    );
  });

  it('publishes one port, the gateway’s, and lets mcp scale', () => {
    const published = Object.entries(compose.services).filter(
      ([, s]) => (s as { ports?: unknown }).ports,
    );
    expect(published.map(([name]) => name)).toEqual(['gateway']);
    expect(compose.services.mcp.container_name).toBeUndefined();
    expect(compose.services.mcp.ports).toBeUndefined();
  });

  it('starts the apps after the catalog is indexed, on Meilisearch and Redis', () => {
    for (const name of ['web', 'mcp']) {
      const service = compose.services[name];
      expect(service.depends_on.indexer.condition).toBe('service_completed_successfully');
      expect(service.environment).toMatchObject({
        SEARCH_ENGINE: 'meilisearch',
        MEILISEARCH_URL: 'http://meilisearch:7700',
        REDIS_URL: 'redis://redis:6379',
      });
    }
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'infra/Dockerfile'), 'utf8');

  it('builds in stages, ships production dependencies only and runs as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/pnpm --filter "@repo\/\$\{APP\}" deploy --prod/);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
  });

  it("keeps V8's young generation at Node 20's size, as the scale bench measured it", () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(runtime).toMatch(/^ENV NODE_OPTIONS=--max-semi-space-size=16$/m);
  });

  it('copies every workspace manifest before installing', () => {
    const manifests = [...dockerfile.matchAll(/^COPY (\S+\/package\.json) /gm)].map((m) => m[1]);
    const workspaces = ['apps', 'packages']
      .flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}`))
      .filter((dir) => existsSync(join(root, dir, 'package.json')))
      .concat(['bench', 'e2e']);
    expect(manifests.sort()).toEqual(workspaces.map((w) => `${w}/package.json`).sort());
  });
});
