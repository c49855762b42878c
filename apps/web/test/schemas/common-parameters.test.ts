import { describe, expect, it } from 'vitest';
import { isTrackingParameter } from '../../src/schemas/common-parameters.js';

describe('isTrackingParameter', () => {
  it.each(['utm_source', 'utm_anything', 'UTM_Campaign', 'fbclid', 'gclid', 'msclkid', 'ref'])(
    'knows %s',
    (name) => expect(isTrackingParameter(name)).toBe(true),
  );

  it.each(['utm', 'weight', 'country', 'reference', 'fbclid2', 'agent'])('not %s', (name) =>
    expect(isTrackingParameter(name)).toBe(false),
  );
});
