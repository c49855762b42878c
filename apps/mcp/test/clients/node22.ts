import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The Node 22 binary from the `node` dev dependency: the inspector and conformance CLIs need it. */
export const NODE22 = join(appDir, 'node_modules/.bin/node');
/** The CLI entry files, run directly with {@link NODE22}. */
export const INSPECTOR_CLI = join(
  appDir,
  'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);
export const CONFORMANCE_CLI = join(
  appDir,
  'node_modules/@modelcontextprotocol/conformance/dist/index.js',
);

for (const file of [NODE22, INSPECTOR_CLI, CONFORMANCE_CLI]) {
  if (!existsSync(file)) throw new Error(`missing ${file}: run pnpm install`);
}

/** Runs a CLI under Node 22 with a time limit; resolves with its exit code and output. */
export function runNode22(
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      NODE22,
      args,
      { cwd: options.cwd, timeout: options.timeoutMs ?? 60_000, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
