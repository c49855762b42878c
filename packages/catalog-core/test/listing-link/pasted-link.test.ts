import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { DEFAULT_AGENTS } from '../../src/agents/default-agents.js';
import { agentProductUrl, buyLinks } from '../../src/agents/links.js';
import {
  describeLinkFormats,
  isPastedLink,
  readPastedLink,
} from '../../src/listing-link/pasted-link.js';
import { readListingLink } from '../../src/listing-link/read-listing-link.js';
import { listingUrl } from '../../src/listing-url.js';
import type { Marketplace } from '../../src/product.js';

describe('isPastedLink: a link or words', () => {
  it.each([
    'https://weidian.com/item.html?itemID=7231234567',
    'http://item.taobao.com/item.htm?id=681234567890',
    'weidian.com/item.html?itemID=7231234567',
    'm.tb.cn/h.5xYzAbC',
    'https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7231234567',
    'w2c https://item.taobao.com/item.htm?id=681234567890 pls',
    '<https://detail.1688.com/offer/712345678901.html>',
    'https://example.com',
  ])('%s is a link', (text) => {
    expect(isPastedLink(text)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'nike dunk low',
    'air.max 90',
    'v2.0',
    'jordan 4 under $50',
    '7231234567',
    't-shirt/hoodie',
    'www',
  ])('%j is words', (text) => {
    expect(isPastedLink(text)).toBe(false);
  });
});

// Each form a shopper pastes, read to the listing; then that listing built into every agent's
// link and read back: the two directions of every form.
const FORMS: readonly (readonly [string, Marketplace, string])[] = [
  ['https://weidian.com/item.html?itemID=7231234567', 'weidian', '7231234567'],
  ['http://weidian.com/item.html?itemId=7231234567&spider_token=1f2e', 'weidian', '7231234567'],
  [
    'https://k.youshop10.com/item.html?itemID=7231234567&wfr=wx&source=share',
    'weidian',
    '7231234567',
  ],
  ['https://shop1234567.v.weidian.com/item.html?itemID=7231234567', 'weidian', '7231234567'],
  ['https://item.taobao.com/item.htm?spm=a1z10.1-c&id=681234567890&ns=1', 'taobao', '681234567890'],
  ['http://m.intl.taobao.com/detail/detail.html?id=681234567890', 'taobao', '681234567890'],
  ['https://h5.m.taobao.com/awp/core/detail.htm?ft=t&id=681234567890', 'taobao', '681234567890'],
  ['https://world.taobao.com/item/681234567890.htm?utm_source=x', 'taobao', '681234567890'],
  ['https://detail.tmall.com/item.htm?id=681234567890&skuId=5', 'taobao', '681234567890'],
  ['https://detail.1688.com/offer/712345678901.html?spm=a26352.13672862', '1688', '712345678901'],
  ['http://m.1688.com/offer/712345678901.html', '1688', '712345678901'],
  ['https://detail.m.1688.com/page/index.html?offerId=712345678901&x=1', '1688', '712345678901'],
  ['https%3A%2F%2Fdetail.1688.com%2Foffer%2F712345678901.html', '1688', '712345678901'],
  [
    'https://agent-a.example/product?id=7231234567&platform=WEIDIAN&ref=someone&utm_medium=sheet',
    'weidian',
    '7231234567',
  ],
  [
    'http://agent-b.example/item/details?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D681234567890&affcode=x',
    'taobao',
    '681234567890',
  ],
  [
    'https://www.agent-c.example/product/0/712345678901?inviteCode=abc&fbclid=IwAR',
    '1688',
    '712345678901',
  ],
];

describe('every form, in both directions', () => {
  it.each(FORMS)('%s', (text, marketplace, itemId) => {
    const read = readPastedLink(text);
    expect(read).toMatchObject({
      ok: true,
      link: { marketplace, itemId, listingUrl: listingUrl(marketplace, itemId) },
    });
    // The canonical link and every agent's link built from it read back to the same item.
    for (const url of [
      listingUrl(marketplace, itemId),
      ...buyLinks(DEFAULT_AGENTS, marketplace, itemId).map((l) => l.url),
    ]) {
      expect(readListingLink(url)).toMatchObject({ ok: true, link: { marketplace, itemId } });
    }
  });

  it('builds each agent’s link with its affiliate code from what was read', () => {
    const read = readPastedLink('https://item.taobao.com/item.htm?id=681234567890&spm=x');
    if (!read?.ok) throw new Error('not read');
    expect(buyLinks(DEFAULT_AGENTS, read.link.marketplace, read.link.itemId)).toEqual(
      DEFAULT_AGENTS.map((agent) => ({
        agent: agent.id,
        name: agent.name,
        url: agentProductUrl(agent, 'taobao', '681234567890'),
      })),
    );
    expect(buyLinks(DEFAULT_AGENTS, 'taobao', '681234567890').map((l) => l.url)).toEqual([
      'https://agent-a.example/product?id=681234567890&platform=TAOBAO&ref=catalogdemo',
      'https://agent-b.example/item/details?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D681234567890&affcode=catalogdemo',
      'https://agent-c.example/product/1/681234567890?inviteCode=catalogdemo',
    ]);
  });
});

describe('readPastedLink: what cannot be read', () => {
  it('says a short link cannot be read without opening it', () => {
    for (const text of ['https://m.tb.cn/h.5xYzAbC', 'e.tb.cn/h.abc?sm=1']) {
      const read = readPastedLink(text);
      expect(read).toMatchObject({ ok: false, failure: 'short_link' });
      expect(read?.ok === false && read.message).toMatch(/can’t be read without opening it/);
    }
  });

  it('names the understood forms, each agent’s from its own link rule', () => {
    const read = readPastedLink('https://example.com/p/681234567890');
    expect(read).toMatchObject({ ok: false, failure: 'unknown_site' });
    const message = read?.ok === false ? read.message : '';
    expect(message).toContain('weidian.com/item.html?itemID=…');
    expect(message).toContain('item.taobao.com/item.htm?id=…');
    expect(message).toContain('detail.1688.com/offer/….html');
    expect(message).toContain('Lantern Buy: agent-a.example/product?id=…&platform=…');
    expect(message).toContain('Bamboo Cart: agent-b.example/item/details?url=<a marketplace link>');
    expect(message).toContain('Jade Parcel: agent-c.example/product/…/…');
  });

  it('explains a shop page', () => {
    const read = readPastedLink('https://shop123456.taobao.com/');
    expect(read).toMatchObject({ ok: false, failure: 'not_an_item' });
    expect(read?.ok === false && read.message).toMatch(/not to an item.*Links understood:/);
  });

  it('leaves words alone', () => {
    expect(readPastedLink('nike dunk')).toBeUndefined();
  });

  it('describes an operator’s agents, and leaves closed ones out', () => {
    const base = DEFAULT_AGENTS[0] as Agent;
    const agents: Agent[] = [
      {
        ...base,
        name: 'Open',
        link: {
          template: 'https://open.example/item-{platform}-{id}.html',
          platform_codes: { weidian: 'w', taobao: 't', '1688': 'a' },
        },
      },
      { ...base, id: 'agent_b', name: 'Gone', status: 'closed' },
    ];
    expect(describeLinkFormats(agents).slice(3)).toEqual(['Open: open.example/item-…-….html']);
  });
});
