import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src/remote/content-hash.js';
import { tempDir } from '../helper.js';
import { minimalWorkbook, productRows, worksheet } from '../read/minimal-workbook.js';
import type { ZipEntry } from '../read/zip-writer.js';
import { writeZip } from '../read/zip-writer.js';

/** A workbook as an export of it at `time` would be: the same cells, its properties dated. */
async function exported(name: string, time: string, rows = productRows()) {
  const core = `<cp:coreProperties xmlns:cp="x" xmlns:dcterms="y"><dcterms:modified>${time}</dcterms:modified></cp:coreProperties>`;
  const entries: ZipEntry[] = [
    ...minimalWorkbook({ sheet: worksheet(rows) }),
    ['docProps/core.xml', core],
  ];
  return readFile(writeZip(join(await tempDir(), name), entries));
}

describe('contentHash: what a download holds, not when it was exported', () => {
  it('is the same for two exports of the same sheet at different times', async () => {
    const first = await exported('a.xlsx', '2026-11-28T06:00:00Z');
    const second = await exported('b.xlsx', '2026-11-28T06:01:00Z');
    expect(first.equals(second)).toBe(false);
    expect(await contentHash(first, 'xlsx')).toBe(await contentHash(second, 'xlsx'));
  });

  it('changes with a cell', async () => {
    const before = await exported('a.xlsx', '2026-11-28T06:00:00Z');
    const after = await exported('b.xlsx', '2026-11-28T06:00:00Z', productRows('Dunk Low Grey'));
    expect(await contentHash(after, 'xlsx')).not.toBe(await contentHash(before, 'xlsx'));
  });

  it('is the bytes’ hash for other formats, and for a "workbook" that is no zip', async () => {
    const csv = Buffer.from('title,price\nDunk,299\n');
    const hex = createHash('sha256').update(csv).digest('hex');
    expect(await contentHash(csv, 'csv')).toBe(hex);
    expect(await contentHash(csv, 'xlsx')).toBe(hex);
  });
});
