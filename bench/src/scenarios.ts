import type { ServiceScenario } from './scenario.js';
import { AUTH_SCENARIOS } from './scenarios/auth.js';
import { MCP_SCENARIOS } from './scenarios/mcp.js';
import { WEB_SCENARIOS } from './scenarios/web.js';

export type { ServiceScenario } from './scenario.js';

/** Every HTTP scenario of `pnpm bench`, one file per app under scenarios/. */
export const SERVICE_SCENARIOS: readonly ServiceScenario[] = [
  ...WEB_SCENARIOS,
  ...MCP_SCENARIOS,
  ...AUTH_SCENARIOS,
];
