import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The Node versions the project names, and what ties them together:
// - `engines.node` (root package.json) is the oldest Node that `pnpm start` and `pnpm test` run
//   on, and `@types/node` (the catalog) describes that same line, so code that type-checks runs
//   there: their major.minor must be equal;
// - the production image (infra/Dockerfile `NODE_VERSION`) and the Node the stack test runs under
//   (the catalog `runtime`, e2e's `node` dev dependency) must be the same major.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Sources {
  readonly packageJson: string;
  readonly workspace: string;
  readonly dockerfile: string;
}

const majorMinor = (range: string | undefined) =>
  /(\d+)\.(\d+)/
    .exec(range ?? '')
    ?.slice(1, 3)
    .join('.');
const major = (range: string | undefined) => /(\d+)/.exec(range ?? '')?.[1];

/** Every mismatch between the pinned Node versions, in words; empty when they agree. */
function runtimeDrift({ packageJson, workspace, dockerfile }: Sources): string[] {
  const engines = (JSON.parse(packageJson) as { engines?: { node?: string } }).engines?.node;
  const yaml = parse(workspace) as {
    catalog?: Record<string, string>;
    catalogs?: Record<string, Record<string, string>>;
  };
  const types = yaml.catalog?.['@types/node'];
  const runtime = yaml.catalogs?.runtime?.node;
  const image = /^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1];
  const problems: string[] = [];
  if (!engines?.startsWith('>=') || majorMinor(engines) === undefined)
    problems.push(`engines.node should be ">=major.minor" (got ${engines})`);
  if (majorMinor(engines) !== majorMinor(types))
    problems.push(`@types/node ${types} does not describe engines.node ${engines}`);
  if (runtime === undefined || image === undefined)
    problems.push(`no runtime catalog (${runtime}) or Dockerfile NODE_VERSION (${image})`);
  else if (major(runtime) !== major(image))
    problems.push(`the stack test runs Node ${runtime}, the image Node ${image}`);
  if (Number(major(image)) < Number(major(engines)))
    problems.push(`the image's Node ${image} is older than engines.node ${engines}`);
  return problems;
}

const sources: Sources = {
  packageJson: read('package.json'),
  workspace: read('pnpm-workspace.yaml'),
  dockerfile: read('infra/Dockerfile'),
};

describe('the Node versions the project pins', () => {
  it('agree: engines with @types/node, the image with the stack test runtime', () => {
    expect(runtimeDrift(sources)).toEqual([]);
  });

  it('would fail on a drift in either pair', () => {
    const types = sources.workspace.replace(/("?@types\/node"?: )\^\d+\.\d+/, '$1^22.0');
    expect(runtimeDrift({ ...sources, workspace: types })).toEqual([
      expect.stringMatching(/^@types\/node \^22\.0/),
    ]);
    const image = sources.dockerfile.replace(/^ARG NODE_VERSION=.*$/m, 'ARG NODE_VERSION=20.19');
    expect(runtimeDrift({ ...sources, dockerfile: image })).toEqual([
      expect.stringMatching(/the image Node 20\.19/),
    ]);
  });

  it('runs production on the current LTS line, not an end-of-life one', () => {
    // Node 20 reached end of life on 2026-04-30; 24 is the LTS line since 2025-10.
    expect(
      Number(major(/^ARG NODE_VERSION=(\S+)$/m.exec(sources.dockerfile)?.[1])),
    ).toBeGreaterThanOrEqual(24);
  });
});
