import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/sample/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
});
