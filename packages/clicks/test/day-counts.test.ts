import { describe, expect, it } from 'vitest';
import { DayCounts, fieldOf, isField } from '../src/day-counts.js';

describe('DayCounts', () => {
  it('sums per slug over a window and leaves other days out', () => {
    const counts = new DayCounts();
    counts.add('2026-11-25', fieldOf('a-12345', 'agent_a'), 2);
    counts.add('2026-11-26', fieldOf('a-12345', 'agent_b'));
    counts.add('2026-11-26', fieldOf('b-12345', 'agent_a'));
    counts.add('2026-11-20', fieldOf('c-12345', 'agent_a'));
    expect(counts.bySlug(['2026-11-25', '2026-11-26'])).toEqual(
      new Map([
        ['a-12345', 3],
        ['b-12345', 1],
      ]),
    );
    expect(counts.total).toBe(5);
  });

  it('gives rows most clicked first and every day of the window', () => {
    const counts = new DayCounts();
    counts.add('2026-11-24', fieldOf('b-12345', 'agent_a'));
    counts.add('2026-11-26', fieldOf('a-12345', 'agent_b'), 3);
    counts.add('2026-11-26', fieldOf('a-12345', 'agent_a'), 3);
    expect(counts.stats(['2026-11-24', '2026-11-25', '2026-11-26'])).toEqual({
      from: '2026-11-24',
      to: '2026-11-26',
      rows: [
        { slug: 'a-12345', agent: 'agent_a', clicks: 3 },
        { slug: 'a-12345', agent: 'agent_b', clicks: 3 },
        { slug: 'b-12345', agent: 'agent_a', clicks: 1 },
      ],
      perDay: [
        { day: '2026-11-24', clicks: 1 },
        { day: '2026-11-25', clicks: 0 },
        { day: '2026-11-26', clicks: 6 },
      ],
    });
  });

  it('copies, prunes old days and clears', () => {
    const counts = new DayCounts();
    counts.add('2026-11-25', 'a-12345 agent_a', 2);
    counts.add('2026-11-26', 'a-12345 agent_a', 1);
    const copy = counts.copy();
    counts.add('2026-11-26', 'a-12345 agent_a', 1);
    expect(copy.toJSON()).toEqual({
      '2026-11-25': { 'a-12345 agent_a': 2 },
      '2026-11-26': { 'a-12345 agent_a': 1 },
    });
    expect(counts.prune('2026-11-26')).toBe(true);
    expect(counts.prune('2026-11-26')).toBe(false);
    expect(counts.toJSON()).toEqual({ '2026-11-26': { 'a-12345 agent_a': 2 } });
    counts.clear();
    expect(counts.isEmpty).toBe(true);
  });

  it('accepts only `<slug> <agent>` fields', () => {
    expect(isField('a-12345 agent_a')).toBe(true);
    expect(isField('a-12345')).toBe(false);
    expect(isField(' agent_a')).toBe(false);
    expect(isField('a b c')).toBe(false);
  });
});
