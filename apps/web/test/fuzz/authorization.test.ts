import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../helper.js';
import { acceptHeader, authorizationHeader, fuzz, pageTarget, tokenPool } from './arbitraries.js';
import { checkAnswer, loadContract, timedInject } from './oracle.js';

let pool: Awaited<ReturnType<typeof tokenPool>>;
beforeAll(async () => {
  pool = await tokenPool();
});

describe('fuzzing the web app with Authorization headers', () => {
  it('answers the same with any token as without one: a token never changes access', async () => {
    const app = await build({ RATE_LIMIT_PAGES: '0' }, { jwks: pool.jwks as never });
    const contract = await loadContract(app);
    await fuzz(
      fc.asyncProperty(
        pageTarget,
        acceptHeader,
        authorizationHeader(pool.tokens),
        async (target, accept, authorization) => {
          const headers = accept === undefined ? {} : { accept };
          const { response, ms } = await timedInject(app, {
            url: target.url,
            headers: authorization === undefined ? headers : { ...headers, authorization },
          });
          checkAnswer(contract, target, { method: 'GET', accept }, response, ms);
          const anonymous = await app.inject({ url: target.url, headers });
          expect(response.statusCode).toBe(anonymous.statusCode);
          expect(response.headers['content-type']).toBe(anonymous.headers['content-type']);
        },
      ),
      150,
    );
  });
});
