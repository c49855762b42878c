import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog, ensureCli, tempDir, tempFile } from './helper.js';

beforeAll(ensureCli, 60_000);

const HEADER = 'title,brand,category,price,marketplace,item_id';

describe('catalog import', () => {
  it('writes the good rows, lists each bad row by line and exits 0', async () => {
    const csv = [
      HEADER,
      'Dunk,Nike,sneakers,368,weidian,7234567890',
      'Bad,Nike,sneakers,abc,weidian,7234567891',
    ];
    const input = await tempFile('in.csv', csv.join('\r\n'));
    const out = join(await tempDir(), 'data', 'catalog.ndjson');
    const result = await catalog(['import', input, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('line 3: price: must be a positive number, got "abc"');
    expect(result.stdout).toContain('1 loaded (0 with warnings), 1 rejected');
    const written = (await readFile(out, 'utf8')).trim().split('\n');
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!)).toMatchObject({ slug: 'nike-dunk-7234567890' });
    expect((await readdir(join(out, '..'))).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('exits 1 and writes nothing when no row is valid', async () => {
    const input = await tempFile('in.ndjson', '{"title": "x"}\nnot json\n');
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', input, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^line 1: category: required /m);
    expect(result.stdout).toMatch(/^line 2: not valid JSON/m);
    expect(result.stdout).toContain('0 loaded (0 with warnings), 2 rejected');
    expect(result.stderr).toContain('was not written');
    expect(existsSync(out)).toBe(false);
  });

  it('exits 1 for an empty or missing file', async () => {
    expect((await catalog(['import', await tempFile('e.csv', '')])).code).toBe(1);
    const missing = await catalog(['import', '/nonexistent/in.csv']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read /nonexistent/in.csv');
  });

  it('converts prices at the rates of RATES_FILE, and refuses a bad rates file', async () => {
    const rates = await tempFile(
      'rates.json',
      JSON.stringify({
        as_of: '2026-11-20',
        cny_per_unit: {
          USD: 10,
          EUR: 8.24,
          GBP: 9.36,
          CAD: 5.04,
          AUD: 4.63,
          BRL: 5,
          MXN: 0.39,
          PLN: 1.95,
        },
      }),
    );
    const input = await tempFile(
      'in.csv',
      [
        HEADER,
        'Dunk,Nike,sneakers,$30,weidian,7234567890',
        'Tee,Nike,t-shirts,R$40,weidian,7234567891',
      ].join('\n'),
    );
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', input, '--out', out], { RATES_FILE: rates });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '$30.00 converted to ¥300.00 at 10 CNY per USD (rates of 2026-11-20)',
    );
    expect(result.stdout).toContain('R$40.00 converted to ¥200.00 at 5 CNY per BRL');
    const prices = (await readFile(out, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).price);
    expect(prices).toEqual([300, 200]);

    const bad = await tempFile(
      'bad.json',
      JSON.stringify({ as_of: '2026-11-20', cny_per_unit: {} }),
    );
    const refused = await catalog(['import', input, '--out', out], { RATES_FILE: bad });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cny_per_unit: missing a rate for USD, EUR/);
  });

  it('exits 2 with the usage on a usage error', async () => {
    for (const args of [
      ['import'],
      ['import', 'a.csv', '--format', 'xml'],
      ['import', 'a.csv', '--bogus'],
      ['frobnicate'],
      [],
    ]) {
      const result = await catalog(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: catalog <command>');
    }
  });
});

describe('catalog sample, index, help', () => {
  it('prints help', async () => {
    const result = await catalog(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('import FILE');
  });

  it('writes the sample to a file or to stdout', async () => {
    const out = join(await tempDir(), 'sample.ndjson');
    expect((await catalog(['sample', '--out', out, '--count', '50', '--seed', '9'])).code).toBe(0);
    const file = await readFile(out, 'utf8');
    const stdout = (await catalog(['sample', '--count', '50', '--seed', '9'])).stdout;
    expect(stdout).toBe(file);
    expect(file.trim().split('\n')).toHaveLength(50);
    expect((await catalog(['sample', '--count', 'many'])).code).toBe(2);
  });

  it('index names the missing variable', async () => {
    const result = await catalog(['index']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('MEILISEARCH_URL: is required for "catalog index"');
  });
});
