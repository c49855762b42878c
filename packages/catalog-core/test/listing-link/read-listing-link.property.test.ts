import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { DEFAULT_AGENTS } from '../../src/agents/default-agents.js';
import { agentProductUrl } from '../../src/agents/links.js';
import { parseAgentsConfig } from '../../src/agents/parse-agents.js';
import { readListingLink } from '../../src/listing-link/read-listing-link.js';
import { listingUrl } from '../../src/listing-url.js';
import { MARKETPLACES } from '../../src/product.js';

const marketplace = fc.constantFrom(...MARKETPLACES);
const itemId = fc.stringMatching(/^[1-9][0-9]{4,19}$/);
const word = fc.stringMatching(/^[a-z][a-z0-9]{1,8}$/);

/** Link rules in the shapes agents use (reference/domain.md 1.2), on hosts and names of any kind. */
const linkRule = fc
  .record({
    host: fc
      .tuple(word, fc.constantFrom('com', 'example', 'shop'))
      .map(([n, tld]) => `${n}.${tld}`),
    www: fc.boolean(),
    path: word,
    idParam: word,
    otherParam: word,
    codes: fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/), {
      minLength: 3,
      maxLength: 3,
      comparator: (a, b) => a.toLowerCase() === b.toLowerCase(),
    }),
    style: fc.constantFrom('query', 'raw', 'path', 'segment', 'fixed'),
  })
  .map(({ host, www, path, idParam, otherParam, codes, style }) => {
    const origin = `https://${www ? 'www.' : ''}${host}`;
    const [weidian = 'W', taobao = 'T', c1688 = 'A'] = codes;
    const platform_codes = { weidian, taobao, '1688': c1688 };
    switch (style) {
      case 'query':
        return {
          template: `${origin}/${path}?${idParam}={id}&${otherParam === idParam ? `${otherParam}x` : otherParam}={platform}`,
          platform_codes,
        };
      case 'raw':
        return { template: `${origin}/${path}/buy?from=search&${idParam}={raw}` };
      case 'path':
        return { template: `${origin}/${path}/{platform}/{id}`, platform_codes };
      case 'segment':
        return { template: `${origin}/item-{platform}-{id}.html`, platform_codes };
      default:
        return { template: `${origin}/${path}?shop_type={platform}&id={id}`, platform_codes };
    }
  });

function agentWith(link: Agent['link']): Agent {
  const base = DEFAULT_AGENTS[0] as Agent;
  const [agent] = parseAgentsConfig({
    agents: [{ ...base, link }, DEFAULT_AGENTS[1], DEFAULT_AGENTS[2]],
  });
  return agent as Agent;
}

describe('readListingLink reads back every link the catalog builds', () => {
  it('listingUrl, also written with http://, without a scheme or with tracking', () => {
    fc.assert(
      fc.property(
        marketplace,
        itemId,
        fc.constantFrom('', 'http', 'bare', 'tracking'),
        (m, id, form) => {
          const canonical = listingUrl(m, id);
          const text =
            form === 'http'
              ? canonical.replace('https:', 'http:')
              : form === 'bare'
                ? canonical.replace('https://', '')
                : form === 'tracking'
                  ? `${canonical}${canonical.includes('?') ? '&' : '?'}spm=a1z10.3-c&utm_source=x`
                  : canonical;
          const result = readListingLink(text);
          expect(result).toEqual({
            ok: true,
            link: { marketplace: m, itemId: id, listingUrl: canonical, via: 'listing' },
          });
        },
      ),
    );
  });

  it('agentProductUrl of each default agent', () => {
    fc.assert(
      fc.property(marketplace, itemId, fc.constantFrom(...DEFAULT_AGENTS), (m, id, agent) => {
        const result = readListingLink(agentProductUrl(agent, m, id));
        expect(result).toEqual({
          ok: true,
          link: {
            marketplace: m,
            itemId: id,
            listingUrl: listingUrl(m, id),
            via: 'agent',
            agent: agent.id,
          },
        });
      }),
    );
  });

  it('agentProductUrl of any agent an operator could configure', () => {
    fc.assert(
      fc.property(linkRule, marketplace, itemId, (rule, m, id) => {
        const agent = agentWith(rule);
        const result = readListingLink(agentProductUrl(agent, m, id), { agents: [agent] });
        expect(result.ok && result.link).toEqual({
          marketplace: m,
          itemId: id,
          listingUrl: listingUrl(m, id),
          via: 'agent',
          agent: agent.id,
        });
      }),
      { numRuns: 300 },
    );
  });
});
