import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helper.js';
import { INSPECTOR_CLI, runNode22 } from './node22.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const inspector = (...args: string[]) =>
  runNode22([INSPECTOR_CLI, '--cli', server.url, '--transport', 'http', ...args]);

describe('MCP inspector CLI', () => {
  it('lists the tools', async () => {
    const { code, stdout, stderr } = await inspector('--method', 'tools/list');
    expect(code, stderr).toBe(0);
    const names = JSON.parse(stdout).tools.map((t: { name: string }) => t.name);
    expect(names).toEqual([
      'search_products',
      'list_categories',
      'get_agent_offers',
      'estimate_shipping',
    ]);
  }, 70_000);

  it('calls search_products', async () => {
    const { code, stdout, stderr } = await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'search_products',
      '--tool-args-json',
      '{"query":"jordan","limit":2}',
      '--format',
      'json',
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('"structuredContent"');
    expect(stdout).toContain(`${server.origin}/producto/`);
  }, 70_000);

  it('exits 5 for a call the tool rejects', async () => {
    const { code, stdout } = await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'estimate_shipping',
      '--tool-args-json',
      '{"country":"XX"}',
    );
    expect(code).toBe(5);
    expect(stdout).toContain('isError');
  }, 70_000);
});
