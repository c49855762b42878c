/** A tools/call result: what the reload test reads of it. */
export interface ToolResult {
  readonly isError: boolean;
  /** The first text content. */
  readonly text: string;
  /** The structuredContent, or `{}` without one. */
  readonly structured: Record<string, unknown>;
}

/** A plain JSON-RPC `tools/call` (stateless; no session needed) and its result. */
export async function callTool(
  base: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; result?: ToolResult }> {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status };
  const { result } = JSON.parse(text) as {
    result: {
      content: { text: string }[];
      structuredContent?: Record<string, unknown>;
      isError?: boolean;
    };
  };
  return {
    status: 200,
    result: {
      isError: result.isError === true,
      text: result.content[0]?.text ?? '',
      structured: result.structuredContent ?? {},
    },
  };
}

/** The slugs of the products a search_products result lists. */
export function slugsOf(result: ToolResult | undefined): string[] {
  const items = (result?.structured.items ?? []) as { slug: string }[];
  return items.map((item) => item.slug);
}
