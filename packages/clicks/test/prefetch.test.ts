import { describe, expect, it } from 'vitest';
import { isPrefetch } from '../src/prefetch.js';

describe('isPrefetch', () => {
  it.each([
    [{ 'sec-purpose': 'prefetch' }],
    [{ 'sec-purpose': 'prefetch;prerender' }],
    [{ 'sec-purpose': 'prefetch;anonymous-client-ip' }],
    [{ 'Sec-Purpose': 'Prefetch' }],
    [{ purpose: 'prefetch' }],
    [{ 'x-purpose': 'preview' }],
    [{ 'X-Purpose': 'preview' }],
    [{ 'x-moz': 'prefetch' }],
    [{ 'x-moz': ['prefetch'] }],
  ])('is a prefetch with %o', (headers) => {
    expect(isPrefetch(headers)).toBe(true);
  });

  it.each([
    [{}],
    [{ 'user-agent': 'prefetch' }],
    [{ 'sec-purpose': undefined }],
    [{ 'sec-purpose': 'prerender-ish' }],
    [{ 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }],
    [{ purpose: 'navigate' }],
    [{ 'x-moz': 'something' }],
  ])('is a click with %o', (headers) => {
    expect(isPrefetch(headers)).toBe(false);
  });
});
