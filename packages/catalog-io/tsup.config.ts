import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker is an entry of its own: `new Worker` runs a file, not a module of the bundle.
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'prepare-worker': 'src/prepared/prepare-worker.ts',
  },
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
});
