import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts', 'src/config.ts'],
  format: ['esm'],
  clean: true,
  sourcemap: true,
});
