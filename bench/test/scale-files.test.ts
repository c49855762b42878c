import { describe, expect, it } from 'vitest';
import { CHANGED_EVERY, changedLine } from '../src/scale-files.js';

describe('changedLine', () => {
  const line = '{"slug":"a-1","title":"A","price":463,"qc_photos":["/qc/a-1/1.svg"]}';

  it('makes one product in CHANGED_EVERY a yuan dearer, everything else as it was', () => {
    expect(JSON.parse(changedLine(line, 0))).toEqual({ ...JSON.parse(line), price: 464 });
    expect(JSON.parse(changedLine(line, 2 * CHANGED_EVERY)).price).toBe(464);
  });

  it('leaves the other lines byte for byte, and a blank line blank', () => {
    expect(changedLine(line, 1)).toBe(line);
    expect(changedLine(line, CHANGED_EVERY - 1)).toBe(line);
    expect(changedLine('', 0)).toBe('');
  });
});
