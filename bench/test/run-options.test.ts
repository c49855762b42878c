import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built runner, as `pnpm bench` starts it (the test script builds first).
const runner = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'run.js');

function bench(...args: string[]) {
  return spawnSync(process.execPath, [runner, ...args], { encoding: 'utf8', timeout: 20_000 });
}

describe('pnpm bench options', () => {
  it('prints its usage on --help and exits 0', () => {
    const run = bench('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: pnpm bench .*--sections/);
  });

  it.each([
    [['--nope'], /Unknown option '--nope'/],
    [['--duration', 'x'], /--duration is a whole number above 0, not x/],
    [['--rounds', '0'], /--rounds is a whole number above 0, not 0/],
    [['--scale-count', '2e4x'], /--scale-count is a whole number above 0, not 2e4x/],
    [['--sections', 'http,disk'], /unknown section disk/],
    [['--generator', 'ab'], /--generator is wrk or autocannon, not ab/],
    [
      ['--compare-cli', '/nonexistent/cli.js'],
      /--compare-cli names no file: \/nonexistent\/cli\.js/,
    ],
  ])('refuses %j in one line and the usage, exit 2, before starting anything', (args, message) => {
    const run = bench(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/usage: pnpm bench/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });
});
