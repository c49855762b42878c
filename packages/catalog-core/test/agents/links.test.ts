import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { DEFAULT_AGENTS, getAgent } from '../../src/agents/default-agents.js';
import { agentProductUrl, agentSignupUrl, buyLinks } from '../../src/agents/links.js';
import { isCatalogError } from '../../src/errors.js';
import { listingUrl } from '../../src/listing-url.js';
import { MARKETPLACES } from '../../src/product.js';

const agent = (id: string): Agent => {
  const found = getAgent(id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('agentProductUrl', () => {
  it('fills id + platform code (agent_a)', () => {
    expect(agentProductUrl(agent('agent_a'), 'weidian', '7234567890')).toBe(
      'https://agent-a.example/product?id=7234567890&platform=WEIDIAN&ref=catalogdemo',
    );
    expect(agentProductUrl(agent('agent_a'), '1688', '612345678901')).toBe(
      'https://agent-a.example/product?id=612345678901&platform=ALI_1688&ref=catalogdemo',
    );
  });

  it('embeds the URL-encoded listing URL (agent_b)', () => {
    const url = agentProductUrl(agent('agent_b'), 'taobao', '712345678901');
    expect(url).toBe(
      'https://agent-b.example/item/details?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D712345678901&affcode=catalogdemo',
    );
    // The agent must read back exactly the listing URL, query string included.
    expect(new URL(url).searchParams.get('url')).toBe(listingUrl('taobao', '712345678901'));
    expect(new URL(url).searchParams.get('affcode')).toBe('catalogdemo');
  });

  it('puts the platform code in the path (agent_c)', () => {
    expect(agentProductUrl(agent('agent_c'), '1688', '612345678901')).toBe(
      'https://agent-c.example/product/0/612345678901?inviteCode=catalogdemo',
    );
    expect(agentProductUrl(agent('agent_c'), 'weidian', '7234567890')).toBe(
      'https://agent-c.example/product/2/7234567890?inviteCode=catalogdemo',
    );
  });

  it('builds a valid URL for every agent and marketplace', () => {
    for (const a of DEFAULT_AGENTS) {
      for (const m of MARKETPLACES) {
        const url = new URL(agentProductUrl(a, m, '1234567890'));
        expect(url.protocol).toBe('https:');
        expect(url.searchParams.get(a.referral_param)).toBe(a.affiliate_code);
      }
    }
  });

  it('encodes affiliate codes and platform codes, and keeps fragments last', () => {
    const custom: Agent = {
      ...agent('agent_a'),
      affiliate_code: 'a.b-c_d',
      link: {
        template: 'https://x.example/#/detail?productLink={raw}&p={platform}',
        platform_codes: { weidian: 'W D', taobao: 'T', '1688': 'A' },
      },
    };
    const url = agentProductUrl(custom, 'weidian', '7234567890');
    expect(url).toBe(
      'https://x.example/?ref=a.b-c_d#/detail?productLink=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7234567890&p=W%20D',
    );
  });

  it('rejects item ids that are not digits', () => {
    try {
      agentProductUrl(agent('agent_a'), 'taobao', '123&ref=evil');
      expect.unreachable();
    } catch (err) {
      expect(isCatalogError(err) && err.code).toBe('INVALID_INPUT');
    }
  });

  it('fails clearly when {platform} has no code for the marketplace', () => {
    const broken: Agent = {
      ...agent('agent_a'),
      link: { template: 'https://x.example/{platform}/{id}' },
    };
    expect(() => agentProductUrl(broken, 'taobao', '712345678901')).toThrow(/platform_codes/);
  });
});

describe('agentSignupUrl and buyLinks', () => {
  it('adds the affiliate code to the sign-up URL once', () => {
    expect(agentSignupUrl(agent('agent_b'))).toBe(
      'https://agent-b.example/register?affcode=catalogdemo',
    );
    const already: Agent = {
      ...agent('agent_b'),
      signup_url: 'https://agent-b.example/r?affcode=mine',
    };
    expect(agentSignupUrl(already)).toBe('https://agent-b.example/r?affcode=mine');
  });

  it('gives one link per agent and none for closed agents', () => {
    expect(buyLinks(DEFAULT_AGENTS, 'weidian', '7234567890').map((l) => l.agent)).toEqual([
      'agent_a',
      'agent_b',
      'agent_c',
    ]);
    const agents = DEFAULT_AGENTS.map(
      (a): Agent => (a.id === 'agent_c' ? { ...a, status: 'closed' } : a),
    );
    expect(buyLinks(agents, 'weidian', '7234567890').map((l) => l.name)).toEqual([
      'Lantern Buy',
      'Bamboo Cart',
    ]);
  });
});
