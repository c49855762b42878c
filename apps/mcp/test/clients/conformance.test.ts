import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helper.js';
import { CONFORMANCE_CLI, runNode22 } from './node22.js';

let server: RunningServer;
let workDir: string;
beforeAll(async () => {
  server = await startServer();
  // The suite writes its results under ./results; keep them out of the repository.
  workDir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
});
afterAll(async () => {
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('official MCP conformance suite', () => {
  it.each(['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'])(
    '%s passes',
    async (scenario) => {
      const { code, stdout, stderr } = await runNode22(
        [CONFORMANCE_CLI, 'server', '--url', server.url, '--scenario', scenario],
        { cwd: workDir },
      );
      expect(code, `${stdout}\n${stderr}`).toBe(0);
      expect(stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    },
    70_000,
  );
});
