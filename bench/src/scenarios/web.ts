import type { ServiceScenario } from '../scenario.js';

const bareJson = { name: 'bare GET /bare/json', requests: [{ path: '/bare/json' }] };

/** The web app's routes under load. */
export const WEB_SCENARIOS: readonly ServiceScenario[] = [
  {
    scenario: { name: 'GET /health.json', requests: [{ path: '/health.json' }] },
    baseline: bareJson,
  },
];
