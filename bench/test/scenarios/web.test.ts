import { describe, expect, it } from 'vitest';
import { BARE_PAGE_COUNT } from '../../src/bare/html.js';
import { WEB_SCENARIOS } from '../../src/scenarios/web.js';

describe('web scenarios', () => {
  it('give each page route a twin sending as many different pages as the route does', () => {
    const pages = WEB_SCENARIOS.filter((s) => s.baseline.name.includes('/bare/html'));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const { scenario, baseline } of pages) {
      const { requests } = baseline;
      const paths = new Set(
        Array.from({ length: requests.length }, (_, i) => requests.at(i)?.path),
      );
      expect(paths.size).toBe(Math.min(scenario.requests.length, BARE_PAGE_COUNT));
      expect(baseline.name).toContain(`${paths.size} page`);
    }
  });
});
