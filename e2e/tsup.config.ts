import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/soak.ts'],
  format: ['esm'],
  clean: true,
  sourcemap: true,
});
