import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/run.ts', 'src/bare-server.ts', 'src/search-engine.ts', 'src/relevance.ts'],
  format: ['esm'],
  clean: true,
  sourcemap: true,
});
