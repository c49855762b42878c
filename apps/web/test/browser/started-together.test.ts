import { describe, expect, it } from 'vitest';
import { startedTogether } from './started-together.js';

describe('startedTogether', () => {
  it('gives what started, in order', async () => {
    const server = { stop: async () => {} };
    const browser = { close: async () => {} };
    const [a, b] = await startedTogether([Promise.resolve(server), Promise.resolve(browser)]);
    expect(a).toBe(server);
    expect(b).toBe(browser);
  });

  it('ends what started when another fails, and fails with its error', async () => {
    const ended: string[] = [];
    const server = {
      stop: async () => {
        ended.push('server');
      },
    };
    const browser = {
      close: async () => {
        ended.push('browser');
      },
    };
    const launch = new Error('Chromium is not installed');
    await expect(
      startedTogether([Promise.resolve(server), Promise.reject(launch), Promise.resolve(browser)]),
    ).rejects.toBe(launch);
    expect(ended.sort()).toEqual(['browser', 'server']);
  });
});
