import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENTS } from '../../src/agents/default-agents.js';
import { buyLinks } from '../../src/agents/links.js';
import { readPastedLink } from '../../src/listing-link/pasted-link.js';
import { generateSampleCatalog } from '../../src/sample/generate.js';

// The catalog the service ships: every one of its listings, built into each agent's link by the
// agent link rules, must read back to that listing, however the shopper carries the link.
const catalog = generateSampleCatalog();

const dressings = fc.constantFrom(
  (url: string) => url,
  (url: string) => url.replace(/^https:/, 'http:'),
  (url: string) => url.replace(/^https:\/\//, ''),
  (url: string) =>
    `${url}${url.includes('?') ? '&' : '?'}utm_source=discord&spm=a1z10.3-c.w4002#detail`,
  (url: string) => encodeURIComponent(url),
  (url: string) => `w2c ${url} thanks`,
  (url: string) => `<${url}>`,
);

describe('a link built by the agent link rules from any catalogued listing', () => {
  it('reads back to the same item', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: catalog.length - 1 }),
        fc.integer({ min: 0, max: DEFAULT_AGENTS.length - 1 }),
        dressings,
        (at, which, dress) => {
          const product = catalog[at]!;
          const link = buyLinks(DEFAULT_AGENTS, product.marketplace, product.item_id)[which]!;
          const read = readPastedLink(dress(link.url));
          expect(read).toEqual({
            ok: true,
            link: {
              marketplace: product.marketplace,
              itemId: product.item_id,
              listingUrl: product.listing_url,
              via: 'agent',
              agent: link.agent,
            },
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('and so does its stored listing URL', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: catalog.length - 1 }), dressings, (at, dress) => {
        const product = catalog[at]!;
        const read = readPastedLink(dress(product.listing_url));
        expect(read?.ok && read.link).toMatchObject({
          marketplace: product.marketplace,
          itemId: product.item_id,
        });
      }),
      { numRuns: 300 },
    );
  });
});
