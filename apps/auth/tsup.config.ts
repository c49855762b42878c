import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts', 'src/app.ts', 'src/config.ts', 'src/keygen.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
});
