import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { servedSinceAsked } from '../src/served-requests.js';

describe('servedSinceAsked', () => {
  it("says whether the server's clients were served since it was last asked, not counting inject", async () => {
    const app = Fastify();
    app.get('/', async () => 'ok');
    const served = servedSinceAsked(app);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    onTestFinished(() => app.close());

    expect(served()).toBe(false);
    expect((await fetch(url)).status).toBe(200);
    expect(served()).toBe(true);
    expect(served()).toBe(false);
    // In-process requests (tests, a warm-up of an app that does not listen) are no client's.
    expect((await app.inject('/')).statusCode).toBe(200);
    expect(served()).toBe(false);
  });
});
