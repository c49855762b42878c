import { defineConfig, mergeConfig } from 'vitest/config';
// @boundaries-ignore the shared vitest base is root tooling config, not a workspace dependency
import { sharedConfig } from '../vitest.shared.js';

// Part of `pnpm test`: checks of the deployment files that need no running stack.
export default mergeConfig(sharedConfig, defineConfig({ test: { include: ['test/*.test.ts'] } }));
