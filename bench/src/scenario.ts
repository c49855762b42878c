import type { LoadScenario } from './load.js';

/** A route of the service and the bare route it is compared with. */
export interface ServiceScenario {
  readonly scenario: LoadScenario;
  readonly baseline: LoadScenario;
}
