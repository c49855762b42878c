import { createHash } from 'node:crypto';
import { TOOL_NAMES } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { BASE, build, products } from '../helper.js';

describe('home page Link header', () => {
  it('points at the api-catalog, service-desc, Markdown twin and sitemap', async () => {
    const app = await build();
    const link = String((await app.inject('/')).headers.link);
    expect(link).toContain(`<${BASE}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(link).toContain(`<${BASE}/openapi.json>; rel="service-desc"`);
    expect(link).toContain(`<${BASE}/index.md>; rel="alternate"; type="text/markdown"`);
    expect(link).toContain(`<${BASE}/sitemap.xml>; rel="sitemap"`);
  });
});

describe('/.well-known/api-catalog (RFC 9727)', () => {
  it('answers GET with a linkset carrying the profile', async () => {
    const app = await build();
    const response = await app.inject({
      url: '/.well-known/api-catalog',
      headers: { accept: 'application/linkset+json, application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    const { linkset } = response.json();
    expect(linkset.length).toBeGreaterThan(0);
    for (const entry of linkset) {
      expect(entry.anchor).toMatch(/^http:\/\/test\.local\//);
      expect(entry['service-desc'][0].href).toMatch(/^http:\/\/test\.local\//);
      expect(entry['service-doc'][0].href).toMatch(/^http:\/\/test\.local\//);
    }
    expect(linkset[0].status[0].href).toBe(`${BASE}/health.json`);
  });

  it('answers HEAD with the Link rel="api-catalog" header and no body', async () => {
    const app = await build();
    const response = await app.inject({ method: 'HEAD', url: '/.well-known/api-catalog' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBe(`<${BASE}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(response.body).toBe('');
  });
});

describe('/.well-known/ai-catalog.json', () => {
  it('lists the server card, the skills and the OpenAPI document', async () => {
    const app = await build();
    const response = await app.inject('/.well-known/ai-catalog.json');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.specVersion).toBe('1.0');
    expect(body.host.displayName).toBe('Affiliate Catalog');
    const types = body.entries.map((e: { type: string }) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'application/mcp-server-card+json',
        'text/markdown',
        'application/vnd.oai.openapi+json',
      ]),
    );
    for (const entry of body.entries) {
      expect(entry).toMatchObject({
        identifier: expect.stringMatching(/^urn:air:test\.local:/),
        mediaType: entry.type,
        url: expect.stringMatching(/^http:\/\/test\.local\//),
      });
    }
  });
});

describe('/.well-known/agent-skills', () => {
  it('lists each skill with the sha256 of the exact bytes served', async () => {
    const app = await build();
    const index = await app.inject('/.well-known/agent-skills/index.json');
    expect(index.headers['content-type']).toMatch(/^application\/json/);
    const body = index.json();
    expect(body.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(body.skills.length).toBeGreaterThan(0);
    for (const skill of body.skills) {
      expect(skill).toMatchObject({
        type: 'skill-md',
        name: expect.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      });
      const file = await app.inject(skill.url.replace(BASE, ''));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(`sha256:${createHash('sha256').update(file.rawPayload).digest('hex')}`).toBe(
        skill.digest,
      );
      expect(file.body).toMatch(new RegExp(`^---\\nname: ${skill.name}\\ndescription: `));
      expect(file.body).toContain(`description: ${JSON.stringify(skill.description)}`);
    }
    expect((await app.inject('/.well-known/agent-skills/nope/SKILL.md')).statusCode).toBe(404);
  });
});

describe('/robots.txt', () => {
  it('carries the content signal in every group, the AI crawlers and the sitemap', async () => {
    const app = await build();
    const response = await app.inject('/robots.txt');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const groups = response.body.split(/\n\n+/).filter((g) => /^User-agent:/m.test(g));
    expect(groups[0]).toMatch(
      /^User-agent: \*\nContent-Signal: ai-train=no, search=yes, ai-input=yes\nDisallow: \/go\/\nAllow: \/$/,
    );
    for (const bot of ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended', 'CCBot']) {
      expect(response.body).toContain(`User-agent: ${bot}\n`);
    }
    for (const g of groups)
      expect(g).toContain('Content-Signal: ai-train=no, search=yes, ai-input=yes');
    expect(response.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('/sitemap.xml', () => {
  it('lists every page in one file while it fits', async () => {
    const app = await build();
    const response = await app.inject('/sitemap.xml');
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs).toHaveLength(4 + 14 + 3 + products.length);
    expect(locs).toContain(`${BASE}/producto/${products[42]!.slug}`);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('splits into an index and parts past the per-file limit', async () => {
    const app = await build({}, { sitemapMaxUrls: 250 });
    const index = (await app.inject('/sitemap.xml')).body;
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const total = 4 + 14 + 3 + products.length;
    expect(index).toContain('<sitemapindex');
    expect(parts).toHaveLength(Math.ceil(total / 250));
    let count = 0;
    for (const part of parts) {
      const body = (await app.inject(part.replace(BASE, ''))).body;
      count += body.match(/<url>/g)?.length ?? 0;
    }
    expect(count).toBe(total);
    expect((await app.inject(`/sitemap-${parts.length + 1}.xml`)).statusCode).toBe(404);
  });
});

describe('/llms.txt', () => {
  it('starts with the name and summary and links the Markdown twins and tools', async () => {
    const app = await build({ CONTACT_EMAIL: 'hello@shop.example' });
    const response = await app.inject('/llms.txt');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^# Affiliate Catalog\n\n> A public, read-only catalog/);
    expect(response.body).toContain(`(${BASE}/api-docs.md)`);
    expect(response.body).toContain(`(${BASE}/category/bags.md)`);
    expect(response.body).toContain('hello@shop.example');
    for (const tool of TOOL_NAMES) expect(response.body).toContain(`- ${tool}: `);
  });
});
