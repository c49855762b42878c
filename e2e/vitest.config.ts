import { defineConfig } from 'vitest/config';
// @boundaries-ignore the shared vitest base is root tooling config, not a workspace dependency
import { sharedConfig } from '../vitest.shared.js';

// Part of `pnpm test`: checks of the deployment files that need no running stack. (Spread, not
// mergeConfig: merging would concatenate `include` and pull the stack tests in.)
export default defineConfig({ test: { ...sharedConfig.test, include: ['test/*.test.ts'] } });
