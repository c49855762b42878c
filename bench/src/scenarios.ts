import type { ServiceScenario } from './scenario.js';
import { AUTH_SCENARIOS } from './scenarios/auth.js';
import { MCP_SCENARIOS } from './scenarios/mcp.js';
import { WEB_SCENARIOS } from './scenarios/web.js';

export type { ServiceScenario } from './scenario.js';

/**
 * Every HTTP scenario of `pnpm bench`, one file per app under scenarios/, grouped by app: each
 * group runs against a server of its own, as each app runs in its own process in production, so
 * one app's caches and heap never weigh on another app's figures.
 */
export const SERVICE_SCENARIOS: readonly {
  readonly app: string;
  readonly scenarios: readonly ServiceScenario[];
}[] = [
  { app: 'web', scenarios: WEB_SCENARIOS },
  { app: 'mcp', scenarios: MCP_SCENARIOS },
  { app: 'auth', scenarios: AUTH_SCENARIOS },
];
