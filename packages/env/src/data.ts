import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';

// `data/` at the project root (git-ignored), wherever the process is started from: each package's
// src/ and dist/ sit at the same depth, so the same relative path works for both.
export const DEFAULT_DATA_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'data',
);

/** Where a server keeps what it writes, and whether outbound clicks are counted. */
export const dataEnv = {
  DATA_DIR: Type.Optional(
    Type.String({ minLength: 1, description: 'a folder the server may write generated files to' }),
  ),
  CLICKS: Type.Union([Type.Literal('on'), Type.Literal('off')], {
    default: 'on',
    description: 'on or off (links still go through /go/, nothing is counted)',
  }),
  CLICKS_FLUSH_S: Type.Integer({
    minimum: 1,
    maximum: 3_600,
    default: 60,
    description: 'seconds from 1 to 3600',
  }),
};

/** What {@link dataConfig} reads; the output of `parseEnv` over `dataEnv`. */
export interface DataEnvValues {
  readonly DATA_DIR?: string | undefined;
  readonly CLICKS: 'on' | 'off';
  readonly CLICKS_FLUSH_S: number;
}

/** Where generated files live, and the outbound-click counts. */
export interface DataConfig {
  /** An absolute folder (default `data/` at the project root). */
  readonly dataDir: string;
  readonly clicks: {
    /** `CLICKS=off`: the redirects still answer, and nothing is counted. */
    readonly enabled: boolean;
    /** Where a process without Redis keeps its counts (`DATA_DIR/clicks.json`). */
    readonly file: string;
    /** How often they are written there: a process that dies loses at most this much. */
    readonly flushMs: number;
  };
}

/**
 * Maps validated data variables to config.
 *
 * @example dataConfig({ DATA_DIR: '/var/lib/catalog', CLICKS: 'on', CLICKS_FLUSH_S: 60 }).clicks.file
 * // '/var/lib/catalog/clicks.json'
 */
export function dataConfig(env: DataEnvValues): DataConfig {
  const dataDir = resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR);
  return {
    dataDir,
    clicks: {
      enabled: env.CLICKS === 'on',
      file: join(dataDir, 'clicks.json'),
      flushMs: env.CLICKS_FLUSH_S * 1_000,
    },
  };
}
