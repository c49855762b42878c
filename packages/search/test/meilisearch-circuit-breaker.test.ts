import { describe, expect, it } from 'vitest';
import { SearchEngineError, SearchUnavailableError } from '../src/errors.js';
import { CircuitBreaker } from '../src/meilisearch/circuit-breaker.js';

const down = () => Promise.reject(new SearchUnavailableError('ENGINE_TIMEOUT', 'timed out'));
const up = () => Promise.resolve('ok');
const refused = () => Promise.reject(new SearchEngineError('ENGINE_REJECTED', 'bad key'));

function breaker() {
  let now = 0;
  let calls = 0;
  const b = new CircuitBreaker({ failures: 3, openMs: 1_000, now: () => now });
  const run = (call: () => Promise<string>) =>
    b.run('search', () => {
      calls++;
      return call();
    });
  return {
    run,
    reset: () => b.reset(),
    advance: (ms: number) => (now += ms),
    calls: () => calls,
  };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: SearchUnavailableError) => e.code,
  );

describe('CircuitBreaker', () => {
  it('opens after three unavailable answers in a row and then refuses without calling', async () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) expect(await codeOf(b.run(down))).toBe('ENGINE_TIMEOUT');
    const refusal = await b.run(up).catch((e: Error) => e);
    expect(refusal).toBeInstanceOf(SearchUnavailableError);
    expect((refusal as SearchUnavailableError).code).toBe('ENGINE_UNAVAILABLE');
    expect((refusal as Error).message).toMatch(/failed 3 times in a row.*timed out.*1 s/);
    expect((refusal as Error).cause).toBeInstanceOf(SearchUnavailableError);
    expect(b.calls()).toBe(3);
  });

  it('counts only failures in a row: an answer, even a refusal, resets the count', async () => {
    const b = breaker();
    await codeOf(b.run(down));
    await codeOf(b.run(down));
    expect(await codeOf(b.run(refused))).toBe('ENGINE_REJECTED');
    await codeOf(b.run(down));
    await codeOf(b.run(down));
    expect(await codeOf(b.run(up))).toBe('ok');
    expect(b.calls()).toBe(6);
  });

  it('lets one probe through once open time is over, refusing the others meanwhile', async () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) await codeOf(b.run(down));
    b.advance(1_000);
    let answer: (value: string) => void = () => {};
    const probe = b.run(() => new Promise((resolve) => (answer = resolve)));
    expect(await codeOf(b.run(up))).toBe('ENGINE_UNAVAILABLE');
    answer('ok');
    expect(await probe).toBe('ok');
    expect(await codeOf(b.run(up))).toBe('ok'); // closed again
    expect(b.calls()).toBe(5);
  });

  it('closes at once on reset (the engine answered a health check)', async () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) await codeOf(b.run(down));
    b.reset();
    expect(await codeOf(b.run(up))).toBe('ok');
  });

  it('opens again for the full time when the probe fails', async () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) await codeOf(b.run(down));
    b.advance(1_000);
    expect(await codeOf(b.run(down))).toBe('ENGINE_TIMEOUT');
    b.advance(999);
    expect(await codeOf(b.run(up))).toBe('ENGINE_UNAVAILABLE');
    b.advance(1);
    expect(await codeOf(b.run(up))).toBe('ok');
    expect(b.calls()).toBe(5);
  });
});
