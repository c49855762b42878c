import { defineConfig } from 'tsup';
// @boundaries-ignore the shared bundle is root tooling config, not a workspace dependency
import { selfContained } from '../../tsup.bundle.js';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
    format: ['esm'],
    dts: { entry: 'src/index.ts' },
    clean: true,
    sourcemap: true,
  },
  // The worker is an entry of its own: `new Worker` runs a file, not a module of the bundle.
  selfContained({ entry: { 'prepare-worker': 'src/prepared/prepare-worker.ts' } }),
]);
