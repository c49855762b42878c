import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+'(\.[^']+)'/g;

/** Every source file the module reaches through its relative imports, itself included. */
function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(IMPORT)) {
      visit(join(dirname(file), spec!.replace(/\.js$/, '.ts')));
    }
  };
  visit(join(SRC, entry));
  return [...seen].map((f) => relative(SRC, f)).sort();
}

describe('the entries of @repo/catalog-core', () => {
  it('the root entry never reaches the sample generator', () => {
    const graph = moduleGraph('index.ts');
    expect(graph).toContain('urls.ts');
    expect(graph.filter((f) => f.startsWith('sample/'))).toEqual([]);
  });

  it('the sample subpath holds the generator and its QC photos', async () => {
    expect(moduleGraph('sample/index.ts')).toEqual(
      expect.arrayContaining(['sample/generate.ts', 'sample/qc-photo-svg.ts']),
    );
    const pkg = JSON.parse(readFileSync(join(SRC, '../package.json'), 'utf8'));
    expect(pkg.exports['./sample']).toEqual({
      types: './dist/sample/index.d.ts',
      default: './dist/sample/index.js',
    });
    const sample = await import('../src/sample/index.js');
    expect(sample.generateSampleCatalog({ count: 2 })).toHaveLength(2);
  });
});
