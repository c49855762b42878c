import fc from 'fast-check';
import { Check } from 'typebox/schema';
import { describe, expect, it } from 'vitest';
import { build, products, rpc } from '../helper.js';
import { anyJson, fuzz, type JsonSchema, outside, valid } from './arbitraries.js';
import { checkRpcAnswer, timedInject } from './oracle.js';

interface ListedTool {
  readonly name: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
}
interface CallResult {
  readonly content: { type: string; text: string }[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

const HINTS = {
  country: fc.constantFrom('US', 'GB', 'DE', 'fr', 'AU', 'CN'),
  slug: fc.constantFrom(...products.slice(0, 50).map((p) => p.slug)),
  line: fc.constantFrom('dhl', 'e-ub', 'fedex', 'sal', 'us-tax-free'),
  query: fc.constantFrom('nike', 'jordan 4 black', 'hoodie', 'bag'),
};

const WEIGHTS: Record<string, number> = { estimate_shipping: 4, search_products: 3 };

type Args = Record<string, unknown>;
type Item = { slug?: string; category?: string; quantity?: number };

/**
 * Makes generated arguments follow the rules a root schema cannot state (several MCP clients
 * refuse `oneOf` at the root), so that half the calls get past them: estimate_shipping takes
 * exactly one of weight_grams and items, and each item exactly one of slug and category.
 */
function withRules(tool: string, value: unknown): unknown {
  if (tool !== 'estimate_shipping') return value;
  const { items, weight_grams, ...args } = value as Args & { items?: Item[] };
  if (!items) return { ...args, weight_grams: weight_grams ?? 1200 };
  return {
    ...args,
    items: items.map(({ slug, category, ...item }) =>
      slug === undefined ? { ...item, category: category ?? 'hoodies' } : { ...item, slug },
    ),
  };
}

// The result cache is off, so every generated call runs the tool itself.
async function setup() {
  const app = await build({ RATE_LIMIT_MCP: '0' }, { resultCache: { size: 0, ttlMs: 0 } });
  const list = (await app.inject(rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))).json();
  return { app, tools: list.result.tools as ListedTool[] };
}

async function call(app: Awaited<ReturnType<typeof setup>>['app'], name: string, args: unknown) {
  const body = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: args } };
  const { response, ms } = await timedInject(app, rpc(body));
  const [answer] = checkRpcAnswer(JSON.stringify(body), response, ms);
  return answer as { result?: CallResult; error?: { code: number } };
}

function checkResult(tool: ListedTool, args: unknown, result: CallResult | undefined) {
  const where = `${tool.name}(${JSON.stringify(args).slice(0, 300)})`;
  expect(result, where).toBeDefined();
  expect(result?.content[0]?.type, where).toBe('text');
  expect(typeof result?.content[0]?.text, where).toBe('string');
  if (result?.isError) {
    expect(result.structuredContent, where).toBeUndefined();
    return;
  }
  expect(
    Check(tool.outputSchema as never, result?.structuredContent),
    `${where}: structuredContent`,
  ).toBe(true);
}

describe('fuzzing the tools from their input schemas', () => {
  it('answers arguments generated from each input schema with a result that matches the output schema', async () => {
    const { app, tools } = await setup();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'estimate_shipping',
      'get_agent_offers',
      'list_categories',
      'search_products',
    ]);
    // The output schemas can fail: an empty object is not a result of any tool.
    for (const tool of tools) expect(Check(tool.outputSchema as never, {}), tool.name).toBe(false);
    const answered = new Map<string, number>();
    const arbitrary = fc.oneof(
      // The richer the schema, the more calls it gets.
      ...tools.map((tool) => ({
        weight: WEIGHTS[tool.name] ?? 1,
        arbitrary: fc
          .oneof(
            valid(tool.inputSchema, HINTS),
            valid(tool.inputSchema, HINTS).map((args) => withRules(tool.name, args)),
          )
          .map((args) => ({ tool, args })),
      })),
    );
    await fuzz(
      fc.asyncProperty(arbitrary, async ({ tool, args }) => {
        const answer = await call(app, tool.name, args);
        checkResult(tool, args, answer.result);
        if (!answer.result?.isError) answered.set(tool.name, (answered.get(tool.name) ?? 0) + 1);
      }),
      250,
    );
    // Valid arguments mostly succeed (some combinations are refused by rules the schema cannot
    // express: estimate_shipping needs weight_grams or items, min_price <= max_price).
    for (const tool of tools)
      expect(answered.get(tool.name) ?? 0, tool.name).toBeGreaterThanOrEqual(10);
  });

  it('answers arguments outside each input schema with a tool error or -32602, never a 5xx', async () => {
    const { app, tools } = await setup();
    const arbitrary = fc.oneof(
      ...tools.map((tool) =>
        fc
          .oneof(
            { weight: 4, arbitrary: outside(tool.inputSchema) as fc.Arbitrary<unknown> },
            { weight: 1, arbitrary: anyJson },
          )
          .map((args) => ({ tool, args })),
      ),
    );
    let refused = 0;
    await fuzz(
      fc.asyncProperty(arbitrary, async ({ tool, args }) => {
        const answer = await call(app, tool.name, args);
        if (answer.error) {
          // The body parser refuses prototype keys outright (a parse error), by design.
          const poisoned = /"(__proto__|constructor)":/.test(JSON.stringify(args));
          expect(answer.error.code).toBe(poisoned ? -32700 : -32602);
          refused++;
          return;
        }
        checkResult(tool, args, answer.result);
        if (answer.result?.isError) refused++;
      }),
      250,
    );
    expect(refused).toBeGreaterThan(200);
  });
});
