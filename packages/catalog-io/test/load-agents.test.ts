import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_AGENTS } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { loadAgents } from '../src/load-agents.js';

const dir = mkdtempSync(join(tmpdir(), 'agents-'));

describe('loadAgents', () => {
  it('gives the default agents without a file', async () => {
    expect(await loadAgents()).toBe(DEFAULT_AGENTS);
  });

  it('reads an operator file that replaces the defaults', async () => {
    const file = join(dir, 'agents.json');
    const agents = DEFAULT_AGENTS.map((a) => ({ ...a, affiliate_code: 'my-code' }));
    writeFileSync(file, JSON.stringify({ agents }));
    const loaded = await loadAgents(file);
    expect(loaded.map((a) => a.affiliate_code)).toEqual(['my-code', 'my-code', 'my-code']);
  });

  it('names a missing file, broken JSON and an invalid agent clearly', async () => {
    await expect(loadAgents(join(dir, 'missing.json'))).rejects.toThrow(
      /cannot read the agents file/,
    );
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "agents": [');
    await expect(loadAgents(broken)).rejects.toThrow(/not valid JSON/);
    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ agents: [{ id: 'agent_z' }] }));
    await expect(loadAgents(invalid)).rejects.toMatchObject({ code: 'AGENTS_INVALID' });
  });
});
