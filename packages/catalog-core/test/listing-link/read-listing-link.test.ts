import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { DEFAULT_AGENTS } from '../../src/agents/default-agents.js';
import { readListingLink } from '../../src/listing-link/read-listing-link.js';
import { listingUrl } from '../../src/listing-url.js';

/** The item a text reads as, or the failure code. */
function read(text: string, agents?: readonly Agent[]) {
  const result = readListingLink(text, agents ? { agents } : {});
  return result.ok
    ? `${result.link.marketplace} ${result.link.itemId} ${result.link.via}${result.link.agent ? ` ${result.link.agent}` : ''}`
    : result.failure;
}

describe('readListingLink: marketplace links in every form', () => {
  it.each([
    ['https://weidian.com/item.html?itemID=7231234567', 'weidian 7231234567 listing'],
    [
      'https://weidian.com/item.html?itemId=7231234567&spider_token=ab12',
      'weidian 7231234567 listing',
    ],
    ['https://shop1234567.v.weidian.com/item.html?itemID=7231234567', 'weidian 7231234567 listing'],
    ['https://k.youshop10.com/item.html?itemID=7231234567&wfr=wx', 'weidian 7231234567 listing'],
    ['http://koudai.com/item.html?itemid=7231234567', 'weidian 7231234567 listing'],
    ['weidian.com/item.html?itemID=7231234567', 'weidian 7231234567 listing'],
    ['https://item.taobao.com/item.htm?id=681234567890&spm=a1z10', 'taobao 681234567890 listing'],
    [
      'https://item.taobao.com/item.htm?spm=a1z10.1&id=681234567890&ns=1#detail',
      'taobao 681234567890 listing',
    ],
    ['https://world.taobao.com/item/681234567890.htm', 'taobao 681234567890 listing'],
    ['https://m.intl.taobao.com/detail/detail.html?id=681234567890', 'taobao 681234567890 listing'],
    [
      'https://h5.m.taobao.com/awp/core/detail.htm?id=681234567890&ft=t',
      'taobao 681234567890 listing',
    ],
    ['https://a.m.taobao.com/i681234567890.htm', 'taobao 681234567890 listing'],
    ['https://detail.tmall.com/item.htm?id=681234567890', 'taobao 681234567890 listing'],
    ['https://detail.tmall.com/item_o.htm?id=681234567890', 'taobao 681234567890 listing'],
    ['https://detail.m.tmall.com/item.htm?id=681234567890', 'taobao 681234567890 listing'],
    ['https://detail.1688.com/offer/712345678901.html', '1688 712345678901 listing'],
    [
      'http://detail.1688.com/offer/712345678901.html?spm=a26352&sk=consign',
      '1688 712345678901 listing',
    ],
    ['https://m.1688.com/offer/712345678901.html', '1688 712345678901 listing'],
    ['https://detail.m.1688.com/page/index.html?offerId=712345678901', '1688 712345678901 listing'],
    ['detail.1688.com/offer/712345678901.html', '1688 712345678901 listing'],
    ['HTTPS://ITEM.TAOBAO.COM/item.htm?id=681234567890', 'taobao 681234567890 listing'],
    ['https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7231234567', 'weidian 7231234567 listing'],
    ['  <https://weidian.com/item.html?itemID=7231234567>  ', 'weidian 7231234567 listing'],
    ['w2c https://item.taobao.com/item.htm?id=681234567890.', 'taobao 681234567890 listing'],
  ])('%s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it('gives the canonical listing URL', () => {
    const result = readListingLink('http://m.1688.com/offer/712345678901.html?x=1');
    expect(result.ok && result.link.listingUrl).toBe(listingUrl('1688', '712345678901'));
  });
});

describe('readListingLink: agent product links, read with the agents own rules', () => {
  it.each([
    [
      'https://agent-a.example/product?id=6912345678&platform=WEIDIAN&ref=xyz',
      'weidian 6912345678 agent agent_a',
    ],
    [
      'https://agent-a.example/product?platform=ALI_1688&id=712345678901',
      '1688 712345678901 agent agent_a',
    ],
    [
      'agent-a.example/product?id=681234567890&platform=taobao',
      'taobao 681234567890 agent agent_a',
    ],
    [
      'https://agent-b.example/item/details?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D681234567890&affcode=x',
      'taobao 681234567890 agent agent_b',
    ],
    [
      'https://agent-b.example/item/details?url=https%253A%252F%252Fweidian.com%252Fitem.html%253FitemID%253D7231234567',
      'weidian 7231234567 agent agent_b',
    ],
    [
      'https://agent-c.example/product/0/712345678901?inviteCode=abc',
      '1688 712345678901 agent agent_c',
    ],
    ['http://www.agent-c.example/product/2/7231234567/', 'weidian 7231234567 agent agent_c'],
  ])('%s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it('honours an operator agent with its own template, and forgets the defaults', () => {
    const agentA = DEFAULT_AGENTS[0] as Agent;
    const operator: Agent = {
      ...agentA,
      name: 'CNFans',
      link: {
        template: 'https://cnfans.com/product?id={id}&platform={platform}',
        platform_codes: { weidian: 'WEIDIAN', taobao: 'TAOBAO', '1688': 'ALI_1688' },
      },
    };
    const sugargoo: Agent = {
      ...agentA,
      id: 'agent_b',
      name: 'Sugargoo',
      link: { template: 'https://www.sugargoo.com/#/home/productDetail?productLink={raw}' },
    };
    const agents = [operator, sugargoo];
    expect(read('https://cnfans.com/product?id=7231234567&platform=WEIDIAN&ref=1', agents)).toBe(
      'weidian 7231234567 agent agent_a',
    );
    expect(
      read(
        'https://www.sugargoo.com/#/home/productDetail?productLink=https%253A%252F%252Fdetail.1688.com%252Foffer%252F712345678901.html',
        agents,
      ),
    ).toBe('1688 712345678901 agent agent_b');
    // The default agents' rules are gone: a link in a number code says nothing any more; one
    // that names its marketplace in words is still read, as any site's.
    expect(read('https://agent-c.example/product/2/6912345678', agents)).toBe('unknown_site');
    expect(read('https://agent-a.example/product?id=6912345678&platform=WEIDIAN', agents)).toBe(
      'weidian 6912345678 embedded',
    );
  });

  it('reads a listing carried by an unconfigured site in a parameter', () => {
    expect(
      read(
        'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7231234567&affcode=x',
      ),
    ).toBe('weidian 7231234567 embedded');
  });
});

describe('readListingLink: what cannot be read, and why', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['not a url', 'not_a_link'],
    ['Jordan 4', 'not_a_link'],
    ['ftp://weidian.com/item.html?itemID=7231234567', 'not_a_link'],
    ['https://m.tb.cn/h.5xYzAbC', 'short_link'],
    ['https://e.tb.cn/h.abc?sm=1', 'short_link'],
    ['https://k.youshop10.com/AbCd12', 'short_link'],
    ['https://qr.1688.com/s/abc', 'short_link'],
    ['https://weidian.com/?userid=1234567', 'not_an_item'],
    ['https://shop123456.taobao.com/', 'not_an_item'],
    ['https://s.taobao.com/search?q=jordan', 'not_an_item'],
    ['https://item.taobao.com/item.htm?id=12', 'not_an_item'],
    ['https://m.1688.com/winport/b2b-22012345.html', 'not_an_item'],
    ['https://agent-a.example/product?id=6912345678&platform=AMAZON', 'not_an_item'],
    ['https://agent-a.example/register', 'unknown_site'],
    ['https://example.com/item.htm?id=681234567890', 'unknown_site'],
    ['https://imgur.com/a/abc', 'unknown_site'],
  ])('%j is %s', (text, failure) => {
    expect(read(text)).toBe(failure);
  });

  it('says what to do about a short link, and names the agents it knows', () => {
    const short = readListingLink('https://m.tb.cn/h.5xYzAbC');
    expect(!short.ok && short.message).toMatch(/short link.*opening it/);
    const unknown = readListingLink('https://example.com/p/1');
    expect(!unknown.ok && unknown.message).toBe(
      'not a weidian, taobao or 1688 item link, nor a product link of Lantern Buy, Bamboo Cart, Jade Parcel',
    );
  });
});

describe('readListingLink: links of agents nobody configured, that name the marketplace in words', () => {
  it.each([
    ['https://cnfans.com/product?id=7231234567&platform=WEIDIAN&ref=123', 'weidian', '7231234567'],
    ['https://cnfans.com/product/?shop_type=weidian&id=7231234567', 'weidian', '7231234567'],
    [
      'https://www.lovegobuy.com/product?id=681234567890&shop_type=ali_1688',
      '1688',
      '681234567890',
    ],
    [
      'https://www.superbuy.com/en/page/buy/?platform=TMALL&id=681234567890',
      'taobao',
      '681234567890',
    ],
    ['https://litbuy.com/product/weidian/7231234567', 'weidian', '7231234567'],
  ])('%s', (text, marketplace, itemId) => {
    expect(readListingLink(text)).toMatchObject({
      ok: true,
      link: { marketplace, itemId, via: 'embedded' },
    });
  });

  it('reads nothing from a number code, or from a link that names two marketplaces', () => {
    expect(readListingLink('https://www.hoobuy.com/product/2/7231234567')).toMatchObject({
      ok: false,
    });
    expect(readListingLink('https://x.example/weidian/72312345/taobao/68123456')).toMatchObject({
      ok: false,
    });
    expect(readListingLink('https://example.com/blog/2023/10/12345?id=99999')).toMatchObject({
      ok: false,
      failure: 'unknown_site',
    });
  });
});
