import { defineConfig } from 'tsup';
// @boundaries-ignore the shared bundle is root tooling config, not a workspace dependency
import { selfContained } from '../../tsup.bundle.js';

export default defineConfig(selfContained({ entry: { server: 'src/server.ts' }, clean: true }));
