import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogVersionParts,
  contentVersion,
  localVersionParts,
} from '../../src/live/content-version.js';
import { tempDir } from '../helper.js';

/** A catalog, agents, lexicon and rates file, each with some bytes. */
async function files() {
  const dir = await tempDir();
  const named = {
    file: join(dir, 'catalog.ndjson'),
    agentsFile: join(dir, 'agents.json'),
    lexiconFile: join(dir, 'lexicon.json'),
    ratesFile: join(dir, 'rates.json'),
  };
  for (const [name, path] of Object.entries(named)) await writeFile(path, `{"${name}": 1}\n`);
  return named;
}

const version = (inputs: Parameters<typeof catalogVersionParts>[0]) =>
  contentVersion(catalogVersionParts(inputs));

describe('contentVersion of a catalog', () => {
  it('names the same files with the same version, 16 hex digits', async () => {
    const inputs = await files();
    expect(await version(inputs)).toMatch(/^[0-9a-f]{16}$/);
    expect(await version(inputs)).toBe(await version({ ...inputs }));
  });

  it('changes with the content of each file: catalog, agents, lexicon and rates', async () => {
    const inputs = await files();
    const before = await version(inputs);
    const seen = new Set([before]);
    for (const path of [inputs.file, inputs.agentsFile, inputs.lexiconFile, inputs.ratesFile]) {
      await writeFile(path, '{"changed": true}\n');
      const now = await version(inputs);
      expect(seen.has(now), path).toBe(false);
      seen.add(now);
    }
  });

  it('keeps the version of a process without a rates file as it was', async () => {
    const { ratesFile, ...others } = await files();
    expect(catalogVersionParts(others).map((part) => part.name)).toEqual([
      'catalog',
      'agents',
      'lexicon',
    ]);
    expect(catalogVersionParts({ ...others, ratesFile }).map((part) => part.name)).toEqual([
      'catalog',
      'agents',
      'lexicon',
      'rates',
    ]);
    expect(await version({ ...others, ratesFile })).not.toBe(await version(others));
  });

  it('hashes the process’s own files apart for a shared index: agents, lexicon, rates', async () => {
    const { ratesFile, agentsFile } = await files();
    expect(localVersionParts({ ratesFile }).map((part) => part.name)).toEqual(['rates']);
    expect(localVersionParts({ agentsFile, ratesFile }).map((part) => part.name)).toEqual([
      'agents',
      'rates',
    ]);
    expect(localVersionParts({})).toEqual([]);
  });

  it('names the sample by its seed, and a missing file as FILE_READ', async () => {
    expect(await version({ seed: 1 })).not.toBe(await version({ seed: 2 }));
    const dir = await tempDir();
    await expect(version({ seed: 1, ratesFile: join(dir, 'missing.json') })).rejects.toMatchObject({
      code: 'FILE_READ',
      message: expect.stringContaining('rates file'),
    });
  });
});
