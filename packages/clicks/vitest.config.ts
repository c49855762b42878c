import { defineConfig, mergeConfig } from 'vitest/config';
// @boundaries-ignore the shared vitest base is root tooling config, not a workspace dependency
import { sharedConfig } from '../../vitest.shared.js';

export default mergeConfig(sharedConfig, defineConfig({}));
