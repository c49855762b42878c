import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build } from '../helper.js';
import { acceptHeader, documentTarget, ESCAPED_MARKUP, fuzz, pageTarget } from './arbitraries.js';
import { checkAnswer, loadContract, timedInject } from './oracle.js';

const method = fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE');

// Rate limiting is off: hundreds of requests from one address are the point here.
const ENV = { RATE_LIMIT_PAGES: '0' };

describe('fuzzing the web app', () => {
  it('answers every page, twin and query with its documented type, escaped, in time', async () => {
    const app = await build(ENV);
    const contract = await loadContract(app);
    const statuses = new Set<number>();
    let reflected = 0;
    await fuzz(
      fc.asyncProperty(pageTarget, acceptHeader, method, async (target, accept, m) => {
        const { response, ms } = await timedInject(app, {
          method: m as 'GET',
          url: target.url,
          headers: accept === undefined ? {} : { accept },
        });
        checkAnswer(contract, target, { method: m, accept }, response, ms);
        statuses.add(response.statusCode);
        if (ESCAPED_MARKUP.test(response.body)) reflected++;
      }),
      300,
    );
    // The generators reach both the pages and every way of getting them wrong.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 404, 405]));
    // And markup does reach pages (escaped), so the reflection check has something to check.
    expect(reflected).toBeGreaterThan(10);
  });

  it('answers every document and unknown path with its documented type, in time', async () => {
    const app = await build(ENV);
    const contract = await loadContract(app);
    await fuzz(
      fc.asyncProperty(documentTarget, acceptHeader, method, async (target, accept, m) => {
        const { response, ms } = await timedInject(app, {
          method: m as 'GET',
          url: target.url,
          headers: accept === undefined ? {} : { accept },
        });
        checkAnswer(contract, target, { method: m, accept }, response, ms);
      }),
      200,
    );
  });
});
