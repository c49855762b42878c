import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/soak.ts', 'src/stack.ts'],
  format: ['esm'],
  dts: { entry: 'src/stack.ts' },
  clean: true,
  sourcemap: true,
});
