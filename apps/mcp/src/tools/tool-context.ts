import type { Agent } from '@repo/catalog-core';
import type { CatalogIndex } from '@repo/search';

/** What every tool reads: the catalog, the public base URL of every link, the agents. */
export interface ToolContext {
  readonly index: CatalogIndex;
  /** No trailing slash. */
  readonly baseUrl: string;
  readonly agents: readonly Agent[];
}

/** A tool's answer: the object matching its output schema, and the same for a human reader. */
export interface ToolAnswer {
  readonly structuredContent: Record<string, unknown>;
  readonly text: string;
}

/** A tool implementation; its arguments have passed the tool's input schema. */
export type ToolHandler = (args: never, ctx: ToolContext) => Promise<ToolAnswer>;
