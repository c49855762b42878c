import { AGENT_IDS, agentProductUrl, DEFAULT_AGENTS } from '@repo/catalog-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';
import { acceptHeader, encode, fuzz, MARKERS, nastyString, segment } from './arbitraries.js';
import { checkAnswer, loadContract, timedInject } from './oracle.js';

// The buy-link redirect takes two path segments from strangers and sends browsers elsewhere: the
// one place an open redirect could hide. Whatever the path, the answer is a 302 to the affiliate
// link the catalog and the agents file make for a real (agent, product) pair, or a 404.
const slugs = products.slice(0, 20).map((p) => p.slug);
const bySlug = new Map(products.map((p) => [p.slug, p]));
const agents = new Map(DEFAULT_AGENTS.map((a) => [a.id as string, a]));
const AGENT_HOSTS = new Set(DEFAULT_AGENTS.map((a) => new URL(a.link.template).host));

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A path under /go/: valid pairs now and then, else odd agents, slugs, encodings and lengths. */
const outboundPath = fc.oneof(
  fc
    .tuple(
      segment([...AGENT_IDS, 'agent_d', 'AGENT_A', 'agent_a%00']),
      segment(slugs),
      fc.constantFrom('', '', '', '/', '.md', '.html', '/x', '/..', '?next=https://evil.example'),
    )
    .map(([agent, slug, tail]) => `/go/${agent}/${slug}${tail}`),
  fc
    .constantFrom(...AGENT_IDS)
    .chain((agent) => fc.constantFrom(...slugs).map((slug) => `/go/${agent}/${slug}`)),
  nastyString.map((s) => `/go/${encode(s)}`),
  fc
    .array(fc.oneof(nastyString.map(encode), fc.constantFrom('..', '.', '', '%2F', '%2e%2e')), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => `/go/${parts.join('/')}`),
  fc.constantFrom(
    '/go',
    '/go/',
    '//go/agent_a/x-12345',
    '/go/agent_a/%2F%2Fevil.example',
    '/go/agent_a/https:%2F%2Fevil.example%2F-12345',
    '/go/%2e%2e/producto',
    `/go/agent_a/${'9'.repeat(5000)}`,
    `/go/${'a'.repeat(5000)}/${slugs[0]}`,
  ),
);

const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'OPTIONS');
const userAgent = fc.constantFrom(BROWSER, 'Googlebot/2.1', '', undefined);

describe('fuzzing /go/', () => {
  it('answers only a 302 to a known agent’s link for a real pair, or a 404; never a 5xx', async () => {
    const app = await build({ RATE_LIMIT_PAGES: '0', RATE_LIMIT_GO: '0' });
    const contract = await loadContract(app);
    const statuses = new Set<number>();
    let redirects = 0;
    await fuzz(
      fc.asyncProperty(
        outboundPath,
        method,
        acceptHeader,
        userAgent,
        async (url, m, accept, ua) => {
          const headers: Record<string, string> = {};
          if (accept !== undefined) headers.accept = accept;
          if (ua !== undefined) headers['user-agent'] = ua;
          const { response, ms } = await timedInject(app, { method: m as 'GET', url, headers });
          const where = `${m} ${url.slice(0, 120)} → ${response.statusCode}`;
          statuses.add(response.statusCode);
          expect(response.statusCode, where).toBeLessThan(500);
          // Dot segments are resolved before routing (`/go/..` is `/`), as by every HTTP client.
          if (!new URL(url, 'http://x').pathname.startsWith('/go')) return;
          if (m === 'GET' || m === 'HEAD') {
            expect([302, 404], where).toContain(response.statusCode);
          } else {
            expect([404, 405], where).toContain(response.statusCode);
          }
          const location = response.headers.location;
          if (response.statusCode !== 302) {
            expect(location, where).toBeUndefined();
            checkAnswer(
              contract,
              { url, documented: '/go/{agent}/{slug}' },
              { method: m, accept },
              response,
              ms,
            );
            return;
          }
          redirects++;
          // Only an exact pair redirects, and to the link made from data alone.
          const match = /^\/go\/(agent_[abc])\/([a-z0-9-]+)$/.exec(url);
          expect(match, where).not.toBeNull();
          const [, agentId, slug] = match!;
          const product = bySlug.get(slug!);
          expect(product, where).toBeDefined();
          expect(location).toBe(
            agentProductUrl(agents.get(agentId!)!, product!.marketplace, product!.item_id),
          );
          expect(AGENT_HOSTS.has(new URL(String(location)).host), where).toBe(true);
          for (const marker of MARKERS) expect(String(location)).not.toContain(marker);
          expect(response.headers['cache-control']).toBe('no-store');
          expect(response.headers['x-robots-tag']).toBe('noindex');
        },
      ),
      400,
    );
    // The generators reach both answers and the refused methods.
    expect([...statuses]).toEqual(expect.arrayContaining([302, 404, 405]));
    expect(redirects).toBeGreaterThan(20);
  });
});
