import type { LoadScenario } from './load.js';

/** A route of the service and the bare route it is compared with. */
export interface ServiceScenario {
  readonly scenario: LoadScenario;
  readonly baseline: LoadScenario;
}

const bareJson: LoadScenario = { name: 'bare GET /bare/json', requests: [{ path: '/bare/json' }] };

/** Every HTTP scenario of `pnpm bench`; later issues add theirs here. */
export const SERVICE_SCENARIOS: readonly ServiceScenario[] = [
  {
    scenario: { name: 'GET /health.json', requests: [{ path: '/health.json' }] },
    baseline: bareJson,
  },
];
