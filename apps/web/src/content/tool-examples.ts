import type { ToolName } from '@repo/catalog-core';

/** One example call per tool, shown on the API docs page and checked against its input schema. */
export const TOOL_EXAMPLES: Readonly<Record<ToolName, Record<string, unknown>>> = {
  search_products: {
    query: 'cheap dunk low panda under $80',
    category: 'sneakers',
    limit: 5,
  },
  list_categories: {},
  get_agent_offers: { agent: 'agent_a' },
  estimate_shipping: {
    country: 'DE',
    items: [{ category: 'sneakers', quantity: 1 }],
    dimensions_cm: { length: 36, width: 24, height: 14 },
  },
};
