import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The `adapter` tag as the repository configures it: `turbo boundaries` run over a scratch
// workspace made of the real root turbo.json and the real tags of this package, a domain package
// and an app, with one import between them per case.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// The turbo that `pnpm check` runs: the root's.
const turbo = join(root, 'node_modules', '.bin', 'turbo');
const TAGS = {
  '@repo/fastify-kit': 'packages/fastify-kit',
  '@repo/search': 'packages/search',
  '@repo/web': 'apps/web',
} as const;
type Name = keyof typeof TAGS;

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** `turbo boundaries` over the three packages, where `from` depends on and imports `to`. */
function boundaries(from: Name, to: Name) {
  scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(scratch as string, path)), { recursive: true });
    writeFileSync(join(scratch as string, path), text);
  };
  write(
    'package.json',
    JSON.stringify({ name: 'scratch', private: true, packageManager: 'pnpm@10.34.9' }),
  );
  write('pnpm-workspace.yaml', 'packages:\n  - packages/*\n  - apps/*\n');
  write('turbo.json', readFileSync(join(root, 'turbo.json'), 'utf8'));
  for (const [name, dir] of Object.entries(TAGS)) {
    write(`${dir}/turbo.json`, readFileSync(join(root, dir, 'turbo.json'), 'utf8'));
    const dependencies = name === from ? { [to]: 'workspace:*' } : {};
    write(
      `${dir}/package.json`,
      JSON.stringify({ name, version: '0.0.0', type: 'module', dependencies }),
    );
    const body =
      name === from ? `import { x } from '${to}';\nexport const y = x;\n` : 'export const x = 1;\n';
    write(`${dir}/src/index.ts`, body);
  }
  const run = spawnSync(turbo, ['boundaries'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('turbo boundaries: the adapter tag', () => {
  it('lets an app import the adapter (the control case)', () => {
    const { status, output } = boundaries('@repo/web', '@repo/fastify-kit');
    expect(output).toMatch(/no issues found/);
    expect(status).toBe(0);
  });

  it('fails a domain package that imports the adapter', () => {
    const { status, output } = boundaries('@repo/search', '@repo/fastify-kit');
    expect(output).toMatch(/Package `@repo\/search` found with tag listed in denylist/);
    expect(status).not.toBe(0);
  });

  it('fails the adapter importing an app', () => {
    const { status, output } = boundaries('@repo/fastify-kit', '@repo/web');
    expect(output).toMatch(/denylist/);
    expect(status).not.toBe(0);
  });
});
