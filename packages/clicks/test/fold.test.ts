import { describe, expect, it } from 'vitest';
import { FOLD_MS, foldHash, LocalFold } from '../src/fold.js';

describe('foldHash', () => {
  it('is the same for the same client, product and salt only', () => {
    const h = foldHash('salt', '203.0.113.7', 'a-12345');
    expect(h).toBe(foldHash('salt', '203.0.113.7', 'a-12345'));
    expect(h).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(h).not.toBe(foldHash('other salt', '203.0.113.7', 'a-12345'));
    expect(h).not.toBe(foldHash('salt', '203.0.113.8', 'a-12345'));
    expect(h).not.toBe(foldHash('salt', '203.0.113.7', 'b-12345'));
    expect(h).not.toContain('203');
  });
});

describe('LocalFold', () => {
  it('folds repeats for an hour after a counted click', () => {
    const fold = new LocalFold();
    expect(fold.take('2026-11-26', 'c', 'a-12345', 0)).toBe(true);
    expect(fold.take('2026-11-26', 'c', 'a-12345', FOLD_MS - 1)).toBe(false);
    expect(fold.take('2026-11-26', 'c', 'a-12345', FOLD_MS)).toBe(true);
  });

  it('starts over with a new salt on a new day', () => {
    const fold = new LocalFold();
    expect(fold.take('2026-11-26', 'c', 'a-12345', 0)).toBe(true);
    expect(fold.take('2026-11-27', 'c', 'a-12345', 1)).toBe(true);
    expect(fold.size).toBe(1);
  });

  it('stays within its bound under a flood of clients', () => {
    const fold = new LocalFold({ max: 100 });
    for (let i = 0; i < 1_000; i++) fold.take('2026-11-26', `client-${i}`, 'a-12345', 0);
    expect(fold.size).toBeLessThanOrEqual(100);
    expect(fold.take('2026-11-26', 'client-999', 'a-12345', 1)).toBe(false);
  });
});
