import type { Agent, CurrencyRates, Popularity } from '@repo/catalog-core';
import type { CatalogIndex } from '@repo/search';

/**
 * What the tools answer from: one catalog version's index, agents and exchange rates, and the
 * public base URL of every link.
 */
export interface ToolSources {
  readonly index: CatalogIndex;
  /** No trailing slash. */
  readonly baseUrl: string;
  readonly agents: readonly Agent[];
  /**
   * What every price the tools convert costs in CNY (`RATES_FILE`, else the defaults): the
   * version's own, the ones its index reads a query's prices with.
   */
  readonly rates: CurrencyRates;
  /** The clicks of the last 30 days, read only for a call that asks for the popular order. */
  readonly popularity?: Popularity;
}

/** What every tool reads: the sources, and a way to say that part of an answer never changes. */
export interface ToolContext extends ToolSources {
  /**
   * Promises that `value` never changes again and may appear in many answers (a product as
   * results show it), so the registry serialises it once for all of them. Returns `value`.
   */
  readonly freeze: <T extends object>(value: T) => T;
  /**
   * The same promise for a line of text (a product's line in a result list): the registry keeps
   * it in its wire form, so an answer made of {@link ToolText} lines copies it instead.
   */
  readonly keepLine: (text: string) => KeptLine;
}

/** A line of text that never changes, from {@link ToolContext.keepLine}. */
export interface KeptLine {
  readonly text: string;
}

/** A tool's text for a human reader: one string, or lines to be joined with `\n`. */
export type ToolText = string | readonly (string | KeptLine)[];

/** A tool's answer: the object matching its output schema, and the same for a human reader. */
export interface ToolAnswer {
  readonly structuredContent: Record<string, unknown>;
  readonly text: ToolText;
}

/**
 * A tool implementation; its arguments have passed the tool's input schema. It returns data: the
 * registry serialises, caches and answers failures it can explain (see `tool-failures.ts`).
 */
export type ToolHandler = (args: never, ctx: ToolContext) => Promise<ToolAnswer>;
