import type { ServiceScenario } from '../scenario.js';

/** The auth app's routes under load: the token endpoint against one bare ES256 signature. */
export const AUTH_SCENARIOS: readonly ServiceScenario[] = [
  {
    scenario: {
      name: 'POST /oauth/token',
      requests: [
        {
          method: 'POST',
          path: '/oauth/token',
          body: 'grant_type=client_credentials&client_id=bench-agent&scope=public',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
    },
    baseline: { name: 'bare GET /bare/sign (jose ES256)', requests: [{ path: '/bare/sign' }] },
  },
];
