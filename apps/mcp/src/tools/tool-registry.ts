import { POPULAR_WINDOW_DAYS, TOOL_CONTRACTS, type ToolName } from '@repo/catalog-core';
import type { CatalogVersion } from '@repo/catalog-io';
import type { ClickReader } from '@repo/clicks';
import { ResultCache } from '@repo/search';
import type { FastifyBaseLogger } from 'fastify';
import { Compile } from 'typebox/compile';
import { McpRpcError, RPC_ERROR } from '../errors.js';
import { EscapedLine, encodeJson as encode, freezeJson, jsonLines } from '../protocol/wire-json.js';
import { compactOutputSchema } from './compact-schema.js';
import { estimateShipping } from './estimate-shipping.js';
import { getAgentOffers } from './get-agent-offers.js';
import { listCategories } from './list-categories.js';
import { MAX_ARGUMENT_DEPTH, nestsDeeperThan } from './nesting.js';
import { searchProducts } from './search-products.js';
import type { ToolContext, ToolHandler } from './tool-context.js';
import { explainFailure } from './tool-failures.js';
import { describeInvalidArguments } from './validation-message.js';

const HANDLERS: Readonly<Record<ToolName, ToolHandler>> = {
  search_products: searchProducts,
  list_categories: listCategories,
  get_agent_offers: getAgentOffers,
  estimate_shipping: estimateShipping,
};

/** How many distinct calls the result cache keeps, and for how long. */
export interface ResultCacheOptions {
  readonly size: number;
  readonly ttlMs: number;
}

/** Where the clicks behind `sort: "popular"` are read: shared counts, or the web app's file. */
export type PopularitySource = Pick<ClickReader, 'popularity'>;

/** Whether a call asks for the popular order, whose answer depends on the clicks too. */
function asksPopular(input: object): boolean {
  return (input as { sort?: unknown }).sort === 'popular';
}

/** The outcome of `tools/call`: a `CallToolResult` as UTF-8 JSON, ready for the wire. */
export interface ToolCallOutcome {
  readonly json: Buffer;
  readonly isError: boolean;
  /** Whether the result cache holds `json`, so the same Buffer may be answered again. */
  readonly kept: boolean;
}

/** The four tools: their `tools/list` entry and their calls. */
export interface ToolRegistry {
  /** The `tools/list` result (`{"tools":[…]}`), encoded once: it never changes in a process. */
  readonly listJson: Buffer;
  /**
   * Runs a tool over `catalog`, the version the request reads. Arguments that fail its input schema and failures the tool can explain come back
   * as results with `isError: true` (MCP 2025-11-25, SEP-1303), so an agent can correct itself.
   *
   * @throws {McpRpcError} -32602 for an unknown tool, or `arguments` that are not an object or
   *   nest deeper than any tool's arguments can.
   */
  call(name: string, args: unknown, catalog: CatalogVersion): Promise<ToolCallOutcome>;
  /**
   * Works out again over `next`, before it serves, the results kept lately for `previous` (the
   * latest first), and keeps them: a `CatalogWarmer`. Answers that depend on the clicks are left
   * to their next call. Resolves to how many it worked out.
   */
  warm(
    next: CatalogVersion,
    previous: CatalogVersion,
    signal: AbortSignal,
    pause: () => Promise<void>,
  ): Promise<number>;
}

// The results a warm-up works out again at most: the most recently used quarter of the default
// cache, which real traffic (a few queries far more often than the rest) asks most of the time.
const MAX_WARM_CALLS = 256;

function errorResult(message: string): ToolCallOutcome {
  return {
    json: encode({ content: [{ type: 'text', text: message }], isError: true }),
    isError: true,
    kept: false,
  };
}

/**
 * Builds the registry over {@link TOOL_CONTRACTS}: one compiled input validator per contract,
 * and the `tools/list` entries straight from the same contracts. The tools return data; the
 * registry owns the rest: validation, the wire form of every result (ASCII-only JSON, the parts a
 * tool froze serialised once), the result cache of each catalog version, and the failures a tool
 * can explain.
 */
export function createToolRegistry(
  baseUrl: string,
  cacheOptions: ResultCacheOptions,
  log: FastifyBaseLogger,
  clicks: PopularitySource,
): ToolRegistry {
  // Each catalog version has its own context and result cache, made by its first call and
  // dropped with it: no answer of one version is ever served for another.
  const versions = new WeakMap<CatalogVersion, { ctx: ToolContext; cache: ResultCache<Buffer> }>();
  const versionOf = (catalog: CatalogVersion) => {
    let version = versions.get(catalog);
    if (version === undefined) {
      version = {
        ctx: {
          index: catalog.index,
          agents: catalog.agents,
          rates: catalog.rates,
          baseUrl,
          freeze: freezeJson,
          keepLine: (text) => new EscapedLine(text),
        },
        // Buffers, not strings: Fastify writes a Buffer as is, while a string is measured and
        // encoded again on every response (a 17 KB tool list made that the largest cost of
        // tools/list).
        cache: new ResultCache<Buffer>(cacheOptions.size, cacheOptions.ttlMs),
      };
      versions.set(catalog, version);
    }
    return version;
  };
  const tools = new Map(
    TOOL_CONTRACTS.map((c) => [
      c.name as string,
      { contract: c, validator: Compile(c.inputSchema), run: HANDLERS[c.name] },
    ]),
  );
  // The JSON round trip drops TypeBox's symbol markers and leaves plain JSON Schema 2020-12.
  const listJson = encode({
    tools: TOOL_CONTRACTS.map((c) => ({
      name: c.name,
      title: c.title,
      description: c.description,
      inputSchema: c.inputSchema,
      outputSchema: compactOutputSchema(c.outputSchema),
      annotations: { title: c.title, ...c.annotations },
    })),
  });
  async function call(
    name: string,
    args: unknown,
    catalog: CatalogVersion,
  ): Promise<ToolCallOutcome> {
    const tool = tools.get(name);
    if (tool === undefined) {
      throw new McpRpcError(
        RPC_ERROR.INVALID_PARAMS,
        `Unknown tool: ${name}. Tools: ${[...tools.keys()].join(', ')}.`,
      );
    }
    const input = args ?? {};
    if (typeof input !== 'object' || Array.isArray(input)) {
      throw new McpRpcError(
        RPC_ERROR.INVALID_PARAMS,
        'Invalid params: "arguments" must be an object.',
      );
    }
    if (nestsDeeperThan(input, MAX_ARGUMENT_DEPTH)) {
      throw new McpRpcError(
        RPC_ERROR.INVALID_PARAMS,
        `Invalid params: "arguments" nest deeper than ${MAX_ARGUMENT_DEPTH} levels; no tool takes more than 3.`,
      );
    }
    // A popular answer is kept per count of clicks: the counts' version is part of its key.
    const popularity = asksPopular(input)
      ? await clicks.popularity(POPULAR_WINDOW_DAYS)
      : undefined;
    // One flat string from the serialiser: a joined key is a rope that the cache's map must first
    // copy flat to hash it, on every call.
    const key =
      popularity === undefined
        ? JSON.stringify([name, input])
        : JSON.stringify([name, input, popularity.version]);
    const version = versionOf(catalog);
    const { cache } = version;
    const ctx = popularity === undefined ? version.ctx : { ...version.ctx, popularity };
    const cached = cache.get(key);
    if (cached !== undefined) return { json: cached, isError: false, kept: true };
    if (!tool.validator.Check(input)) {
      return errorResult(describeInvalidArguments(name, tool.validator.Errors(input)));
    }
    const outcome = await run(tool, name, input, ctx);
    return outcome.isError ? outcome : { ...outcome, kept: cache.offer(key, outcome.json) };
  }

  async function run(
    tool: { run: ToolHandler },
    name: string,
    input: object,
    ctx: ToolContext,
  ): Promise<ToolCallOutcome> {
    try {
      const answer = await tool.run(input as never, ctx);
      const json = encode({
        content: [
          {
            type: 'text',
            text: typeof answer.text === 'string' ? answer.text : jsonLines(answer.text),
          },
        ],
        structuredContent: answer.structuredContent,
      });
      return { json, isError: false, kept: false };
    } catch (err) {
      const failure = explainFailure(err);
      if (failure === undefined) throw err;
      if (failure.outage) log.warn({ err, tool: name }, 'search engine failed during a tool call');
      return errorResult(failure.message);
    }
  }

  async function warm(
    next: CatalogVersion,
    previous: CatalogVersion,
    signal: AbortSignal,
    pause: () => Promise<void>,
  ): Promise<number> {
    const kept = versions.get(previous)?.cache;
    const keys = kept?.recent(MAX_WARM_CALLS) ?? [];
    const { ctx, cache } = versionOf(next);
    // A call the old version keeps and the warm-up does not reach is kept from its first time.
    if (kept) cache.follow(kept);
    let warmed = 0;
    for (const key of keys) {
      if (signal.aborted) break;
      // Kept only after passing its input schema, as `[name, input]`, or `[name, input, clicks]`.
      const [name, input, clicks] = JSON.parse(key) as [string, object, unknown?];
      const tool = tools.get(name);
      if (tool === undefined || clicks !== undefined) continue;
      const outcome = await run(tool, name, input, ctx);
      if (!outcome.isError) {
        // Most answers come out the same after an edit of a few products: the old version's
        // bytes are kept instead, so that both versions hold one copy, not two (with its
        // compressed form, see gzip-response.ts), and the new bytes die young.
        const before = kept?.get(key);
        cache.keep(key, before?.equals(outcome.json) ? before : outcome.json);
      }
      warmed++;
      // Between two calls, the version that serves answers whatever came in.
      await pause();
    }
    return warmed;
  }

  return { listJson, call, warm };
}
