import { defineConfig } from 'vitest/config';

/** The base every workspace's vitest config extends: tests live in test/, mirroring src/. */
export const sharedConfig = defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
