import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { Check } from 'typebox/schema';
import { describe, expect, it } from 'vitest';
import { type Suggestions, SuggestionsSchema } from '../../src/schemas/suggest.js';
import { build } from '../helper.js';

// The whole sample catalog, as the site serves it, for what the suggestions say; the tests' small
// slice of it (quicker to index) for everything else.
const catalog = generateSampleCatalog();

async function suggestApp(env: Record<string, string> = {}, whole = false) {
  return build(env, whole ? { catalog } : {});
}

type App = Awaited<ReturnType<typeof suggestApp>>;

async function suggestions(app: App, query: string): Promise<Suggestions> {
  const response = await app.inject(`/suggest?${query}`);
  expect(response.statusCode, query).toBe(200);
  const body = response.json() as Suggestions;
  expect(Check(SuggestionsSchema, body), query).toBe(true);
  return body;
}

const texts = (body: Suggestions, kind: string) =>
  body.suggestions.filter((s) => s.kind === kind).map((s) => s.text);

describe('GET /suggest', () => {
  it('answers JSON that is kept, never indexed, and counted like a page', async () => {
    const app = await suggestApp();
    const response = await app.inject('/suggest?q=jord&lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9+/=]+"$/);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);

    // The same text typed another way is the same answer, kept: same bytes, same validator.
    const again = await app.inject('/suggest?q=%20JORD%20&lang=en');
    expect(again.body).toBe(response.body);
    expect(again.headers.etag).toBe(response.headers.etag);
    const revalidated = await app.inject({
      url: '/suggest?q=jord&lang=en',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect((await app.inject({ method: 'HEAD', url: '/suggest?q=jord' })).statusCode).toBe(200);
  });

  it('suggests brands, categories and products for the start of a word, up to eight', async () => {
    const app = await suggestApp();
    const jord = await suggestions(app, 'q=jord');
    expect(jord.q).toBe('jord');
    expect(jord.lang).toBe('en');
    expect(texts(jord, 'brand')).toContain('Jordan');
    expect(texts(jord, 'product').length).toBeGreaterThan(0);
    for (const text of texts(jord, 'product')) expect(text).toMatch(/jordan/i);
    expect(jord.status).toBe(`${jord.suggestions.length} suggestions`);

    for (const q of ['ni', 'nike', 'bag', 'ca', 'hoodie', 'air']) {
      const body = await suggestions(app, `q=${q}`);
      expect(body.suggestions.length, q).toBeLessThanOrEqual(8);
      expect(body.suggestions.length, q).toBeGreaterThan(0);
      // Brands, then categories, then products; every link a page of the site.
      const order = body.suggestions.map((s) => ['brand', 'category', 'product'].indexOf(s.kind));
      expect(order, q).toEqual([...order].sort());
      for (const s of body.suggestions) {
        const path = s.kind === 'product' ? /^\/producto\/[a-z0-9-]+$/ : /^\/(catalog|category\/)/;
        expect(s.url, `${q}: ${s.text}`).toMatch(path);
      }
      expect(new Set(body.suggestions.map((s) => s.url)).size, q).toBe(body.suggestions.length);
    }
  });

  it('reads typos, nicknames and other languages as the catalog search does', async () => {
    const app = await suggestApp({}, true);
    const hoodie = await suggestions(app, 'q=hodie');
    expect(hoodie.suggestions).toContainEqual({
      kind: 'category',
      text: 'Hoodies & Sweatshirts',
      url: '/category/hoodies',
    });
    expect(texts(hoodie, 'product').length).toBeGreaterThan(0);

    const sudadera = await suggestions(app, 'q=sudadera&lang=es');
    expect(sudadera.suggestions[0]).toEqual({
      kind: 'category',
      text: 'Sudaderas',
      url: '/category/hoodies?lang=es',
    });
    for (const s of sudadera.suggestions) expect(s.url).toMatch(/[?&]lang=es$/);
    expect(sudadera.status).toMatch(/^\d+ sugerencias?$/);

    const jacke = await suggestions(app, 'q=moncler+jacke&lang=de');
    expect(texts(jacke, 'brand')).toEqual(['Moncler']);
    expect(jacke.suggestions).toContainEqual({
      kind: 'category',
      text: 'moncler in Jacken & Mäntel',
      url: '/category/jackets?q=moncler&lang=de',
    });
    for (const text of texts(jacke, 'product')) expect(text).toMatch(/moncler/i);
  });

  it('says so when nothing matches', async () => {
    const app = await suggestApp();
    const body = await suggestions(app, 'q=zzzzqqqq&lang=fr');
    expect(body).toEqual({
      q: 'zzzzqqqq',
      lang: 'fr',
      suggestions: [],
      status: 'Aucune suggestion',
    });
  });

  it.each([
    ['no q', '/suggest'],
    ['an empty q', '/suggest?q='],
    ['one character', '/suggest?q=a'],
    ['one character and spaces', '/suggest?q=%20a%20%20'],
    ['201 characters', `/suggest?q=${'a'.repeat(201)}`],
    ['an unknown language', '/suggest?q=jordan&lang=xx'],
    ['a language tag', '/suggest?q=jordan&lang=pt-BR'],
  ])('refuses %s with a 400 problem, whatever Accept says', async (_name, url) => {
    const app = await suggestApp();
    for (const accept of [undefined, 'text/html', '*/*']) {
      const response = await app.inject({ url, headers: accept ? { accept } : {} });
      expect(response.statusCode, `${url} ${accept}`).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    }
  });

  it('takes 200 characters, and answers only GET and HEAD', async () => {
    const app = await suggestApp();
    expect((await app.inject(`/suggest?q=${'a'.repeat(200)}`)).statusCode).toBe(200);
    const post = await app.inject({ method: 'POST', url: '/suggest?q=jordan' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('counts against the pages’ rate limit, and answers 429 as a problem', async () => {
    const app = await suggestApp({ RATE_LIMIT_PAGES: '2' });
    expect((await app.inject('/suggest?q=jo')).statusCode).toBe(200);
    expect((await app.inject('/catalog?q=jo')).statusCode).toBe(200);
    const over = await app.inject('/suggest?q=jor');
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['x-robots-tag']).toBe('noindex');
  });

  it('is described in the OpenAPI document', async () => {
    const app = await suggestApp();
    const doc = (await app.inject('/openapi.json')).json();
    const operation = doc.paths['/suggest']?.get;
    expect(operation).toBeDefined();
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['q', 'lang']);
    expect(operation.parameters[0]).toMatchObject({
      required: true,
      schema: { minLength: 2, maxLength: 200 },
    });
    expect(operation.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Suggestions',
    });
    expect(doc.components.schemas.Suggestions.properties.suggestions.maxItems).toBe(8);
  });
});
