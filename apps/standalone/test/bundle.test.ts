import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What a process start reads (root `tsup.bundle.ts`): each server entry, the catalog's worker
// thread and the warm-up's, is one module with its dependencies in it. A package left outside would be read again
// file by file at each start, and a package the app does not list would not be found in its
// production image at all.
const here = dirname(fileURLToPath(import.meta.url));
const resolve = createRequire(import.meta.url).resolve;
const entries = {
  standalone: join(here, '..', 'dist', 'server.js'),
  web: join(dirname(resolve('@repo/web/app')), 'server.js'),
  mcp: join(dirname(resolve('@repo/mcp/app')), 'server.js'),
  auth: join(dirname(resolve('@repo/auth/app')), 'server.js'),
  // Found as the bundled server finds it: by name, from the app's own folder.
  'catalog worker': resolve('@repo/catalog-io/prepare-worker'),
  'warm-up thread': resolve('@repo/fastify-kit/warm-client'),
};

// esbuild's ES module output: static imports, bare imports, `import()` and the `require` calls it
// left for CommonJS dependencies.
const SPECIFIER = /(?:^import\s[^;]*?from\s*|^import\s*|\bimport\(\s*|\b__require\(\s*)"([^"]+)"/gm;

/** Every module specifier that `file` and the chunks it reaches name, chunk by chunk. */
function specifiersFrom(file: string, seen = new Set<string>()): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (seen.has(file)) return found;
  seen.add(file);
  const named = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => match[1]!);
  found.set(file, named);
  for (const specifier of named) {
    if (!specifier.startsWith('./')) continue;
    for (const [chunk, its] of specifiersFrom(join(dirname(file), specifier), seen)) {
      found.set(chunk, its);
    }
  }
  return found;
}

describe('the bundles a process starts from', () => {
  for (const [name, file] of Object.entries(entries)) {
    it(`${name}: names only Node's modules and its own chunks`, () => {
      const files = specifiersFrom(file);
      const outside = [...files.values()]
        .flat()
        .filter((specifier) => !specifier.startsWith('./') && !isBuiltin(specifier));
      expect(outside).toEqual([]);
      // The entry itself imports Node's modules (the warm-up thread two): a pattern that no
      // longer matches the output would otherwise pass on nothing.
      expect(files.get(file)!.filter((specifier) => isBuiltin(specifier)).length).toBeGreaterThan(
        1,
      );
      expect(files.size).toBeLessThan(20);
    });
  }
});
