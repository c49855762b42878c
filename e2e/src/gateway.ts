import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Fills the `${NAME}` placeholders of the gateway template the way the nginx image's envsubst
 * step does: only the names given are replaced, so nginx's own `$variables` stay as they are.
 *
 * @throws when a placeholder has no value, so a forgotten variable fails loudly.
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`gateway template: no value for \${${name}}`);
    return value;
  });
}

/** How long the stack's gateway leaves out a replica after one failed request (nginx's default is 10 s). */
export const FAIL_TIMEOUT_S = 2;

/**
 * How long after a replica answers again until every gateway worker may send it requests: each
 * worker keeps its own failure state, restarts the `fail_timeout` window at the last failed try
 * (which can come just before the replica is back), and reads a clock that ticks in whole seconds.
 */
export const REJOIN_MS = (FAIL_TIMEOUT_S + 1) * 1_000 + 500;

/** `server host:port;` lines of an nginx upstream block. */
export function upstreamServers(ports: readonly number[]): string {
  return ports
    .map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`)
    .join(' ');
}

/** Renders the gateway config into `dir` and returns its path. */
export async function writeGatewayConfig(
  templatePath: string,
  dir: string,
  values: Readonly<Record<string, string>>,
): Promise<string> {
  const file = join(dir, 'nginx.conf');
  await writeFile(file, renderTemplate(await readFile(templatePath, 'utf8'), values));
  return file;
}
