import { defineConfig } from 'tsup';
// @boundaries-ignore the shared bundle is root tooling config, not a workspace dependency
import { selfContained } from '../../tsup.bundle.js';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
  },
  // The warm-up thread is an entry of its own: `new Worker` runs a file, not a module of the bundle.
  selfContained({ entry: { 'warm-client': 'src/warm-client.ts' } }),
]);
