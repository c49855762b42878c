import { defineConfig } from 'vitest/config';
// @boundaries-ignore the shared vitest base is root tooling config, not a workspace dependency
import { sharedConfig } from '../vitest.shared.js';

// `pnpm test:stack`: the real gateway, Redis and app processes; one file at a time.
export default defineConfig({
  test: {
    ...sharedConfig.test,
    include: ['test/stack/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
