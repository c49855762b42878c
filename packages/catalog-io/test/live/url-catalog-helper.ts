import { onTestFinished } from 'vitest';
import { type LiveCatalog, openLiveCatalog } from '../../src/live/live-catalog.js';
import type { CatalogLog } from '../../src/open-catalog.js';
import { tempDir } from '../helper.js';
import { finds, type SheetServer, startSheetServer } from '../remote/sheet-server.js';

export const MB = 1024 * 1024;

// The sheet as first served, then edited: a price changed (2), a bag removed (3), one added (4).
export const FIRST = {
  Shoes: [
    ['Nike Dunk Low Panda', 299, 1],
    ['Air Jordan 4 Black Cat', 459, 2],
  ],
  Bags: [['Goyard Saint Louis PM', 350, 3]],
} as const;
export const EDITED = {
  Shoes: [
    ['Nike Dunk Low Panda', 299, 1],
    ['Air Jordan 4 Black Cat', 499, 2],
  ],
  Bags: [['Prada Re-Edition 2005', 280, 4]],
} as const;
/** A workbook whose only product row has no link and no price: no valid row. */
export const NO_VALID_ROW = { Shoes: [['', 0, 0]] } as const;

/** A logger that keeps what it was given, for the "catalog reloaded" line and leaks of the link. */
export function recordingLog() {
  const lines: { level: 'info' | 'warn'; message: string; fields: Record<string, unknown> }[] = [];
  const log: CatalogLog = {
    info: (fields, message) => lines.push({ level: 'info', message, fields: { ...fields } }),
    warn: (fields, message) => lines.push({ level: 'warn', message, fields: { ...fields } }),
  };
  return { log, lines };
}

export interface OpenOptions {
  readonly pollMs?: number;
  readonly maxBytes?: number;
  readonly fetchTimeoutMs?: number;
  readonly log?: CatalogLog;
}

/** The catalog of the server's link, with its copies kept in `dir`; closed when the test ends. */
export async function open(server: SheetServer, dir: string, options: OpenOptions = {}) {
  const catalog = await openLiveCatalog(
    {
      engine: 'embedded',
      url: {
        href: server.link,
        // Only reload() fetches, unless the test polls.
        pollMs: options.pollMs ?? 600_000,
        maxBytes: options.maxBytes ?? 4 * MB,
        dir,
      },
    },
    options.log,
    { settleMs: 50, ...(options.fetchTimeoutMs ? { fetchTimeoutMs: options.fetchTimeoutMs } : {}) },
  );
  onTestFinished(() => catalog.close());
  return catalog;
}

/** The slug of each Weidian item number the catalog serves. */
export async function slugs(catalog: LiveCatalog): Promise<Map<number, string>> {
  const { hits } = await catalog.current.index.search({ limit: 100 });
  return new Map(hits.map((p) => [Number(p.item_id) - 7_300_000_000, p.slug]));
}

/**
 * A sheet server serving FIRST, its bytes (a workbook written again differs: it holds when it was
 * written), and a fresh folder for the copies.
 */
export async function setup() {
  const server = await startSheetServer();
  const first = await finds(FIRST);
  const etag = server.serve(first);
  return { server, first, etag, dir: await tempDir() };
}
