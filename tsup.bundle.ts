import type { Options } from 'tsup';

/**
 * How an entry that a process starts is built: one ES module with every dependency in it,
 * workspace packages and npm ones alike (a module it imports on demand, such as the Meilisearch
 * client, stays a chunk of its own). A start then reads and compiles a few files instead of about
 * 1,100 (typebox alone is 683): at 200,000 products that took 0.7 of the 2 s from spawn to the
 * first answer on one core (bench/README.md, "Scale").
 *
 * The apps build their `server` entry so; their `app` and `config` entries stay unbundled, since
 * the one-process server imports the three apps' and bundles them once, with its own. The
 * catalog's worker thread and the warm-up's are built so too, and a server finds them at run time
 * by the names `@repo/catalog-io/prepare-worker` and `@repo/fastify-kit/warm-client`: each server
 * app lists both packages among its dependencies.
 */
export function selfContained(options: Options): Options {
  return {
    format: ['esm'],
    noExternal: [/./],
    sourcemap: true,
    // The workspace packages' dist holds tsup's `import './chunk-….js'` lines, which only order
    // chunks; their packages say `sideEffects: false`, and rightly, so esbuild drops the lines and
    // would warn about each.
    esbuildOptions(esbuild) {
      esbuild.logOverride = { ...esbuild.logOverride, 'ignored-bare-import': 'silent' };
    },
    // Fastify, pino and ioredis are CommonJS and `require` Node's own modules; an ES module has
    // no `require` until it makes one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    ...options,
  };
}
