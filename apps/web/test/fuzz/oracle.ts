import { dereference } from '@readme/openapi-parser';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Check } from 'typebox/schema';
import { expect } from 'vitest';
import { RAW_ATTRIBUTE, RAW_MARKUP, type Target, TIME_BOUND_MS } from './arbitraries.js';

type Media = Record<string, { schema?: unknown }>;
type Responses = Record<string, { content?: Media }>;

/** The app's own `/openapi.json`, dereferenced: the contract every answer is checked against. */
export interface Contract {
  readonly paths: Record<string, { get?: { responses: Responses } }>;
  readonly problem: unknown;
}

export async function loadContract(app: FastifyInstance): Promise<Contract> {
  const doc = (await dereference((await app.inject('/openapi.json')).json())) as unknown as {
    paths: Contract['paths'];
    components: { schemas: Record<string, unknown> };
  };
  return { paths: doc.paths, problem: doc.components.schemas.Problem };
}

const PAGE_ERROR_TYPES = ['text/html', 'text/markdown', 'application/problem+json'];

/** The media types an error may take at this path (RFC 9457 documents, pages as negotiated). */
function errorTypes(path: string): string[] {
  if (path.startsWith('/.well-known/')) return ['application/problem+json'];
  if (path.endsWith('.md')) return ['text/markdown'];
  if (/\.(json|xml|txt|svg|css)$/.test(path)) return ['application/problem+json'];
  return PAGE_ERROR_TYPES;
}

const shorten = (s: string) => (s.length > 160 ? `${s.slice(0, 150)}…(${s.length} chars)` : s);

/** What a request sent, for the checks that depend on it. */
export interface Sent {
  readonly method: string;
  readonly accept?: string | undefined;
}

/** Sends one request and measures it. */
export async function timedInject(app: FastifyInstance, options: InjectOptions) {
  const started = performance.now();
  const response = await app.inject(options);
  return { response, ms: performance.now() - started };
}

/**
 * The invariants of every answer: no 5xx, within the time bound, the documented media type (and
 * schema, for JSON) of the path and status, Markdown for a `.md` URL, HTML by default, and no
 * generated markup reflected raw.
 */
export function checkAnswer(
  contract: Contract,
  target: Target,
  sent: Sent,
  response: LightMyRequestResponse,
  ms: number,
) {
  const where = `${sent.method} ${shorten(target.url)} (accept: ${shorten(sent.accept ?? '-')}) → ${response.statusCode}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(ms, `${where} took ${Math.round(ms)} ms`).toBeLessThan(TIME_BOUND_MS);
  if (response.statusCode === 304) return;
  const path = target.url.split('?')[0] ?? '/';
  const type = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const documented = target.documented
    ? contract.paths[target.documented]?.get?.responses[String(response.statusCode)]?.content
    : undefined;
  const allowed = documented ? Object.keys(documented) : errorTypes(path);
  expect(allowed, `${where}: ${type} is not documented`).toContain(type);
  if (path.endsWith('.md') && !path.startsWith('/.well-known/'))
    expect(type, `${where}: a .md page answers Markdown`).toBe('text/markdown');
  const isPage = target.documented !== undefined && allowed.includes('text/html');
  if (isPage && sent.accept === undefined && !path.endsWith('.md'))
    expect(type, `${where}: no Accept means HTML`).toBe('text/html');
  if (sent.method === 'HEAD') return;

  if (type.endsWith('json')) {
    const body = JSON.parse(response.body);
    const schema =
      documented?.[type]?.schema ??
      (type === 'application/problem+json' ? contract.problem : undefined);
    expect(schema, `${where}: no schema for ${type}`).toBeDefined();
    expect(Check(schema as never, body), `${where}: body does not match its schema`).toBe(true);
    if (type === 'application/problem+json') expect(body.status).toBe(response.statusCode);
  }
  if (type === 'text/html' || type === 'text/markdown') {
    expect(response.body, `${where}: reflects markup`).not.toMatch(RAW_MARKUP);
    if (type === 'text/html') expect(response.body, where).not.toContain(RAW_ATTRIBUTE);
  }
}
