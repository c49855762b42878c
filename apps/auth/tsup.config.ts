import { defineConfig } from 'tsup';
// @boundaries-ignore the shared bundle is root tooling config, not a workspace dependency
import { selfContained } from '../../tsup.bundle.js';

export default defineConfig([
  {
    entry: ['src/app.ts', 'src/config.ts', 'src/keygen.ts'],
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
  },
  selfContained({ entry: { server: 'src/server.ts' } }),
]);
