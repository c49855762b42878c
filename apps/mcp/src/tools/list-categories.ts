import {
  CATEGORIES,
  type CategoryId,
  categoryUrl,
  type ListCategoriesOutput,
} from '@repo/catalog-core';
import type { ToolAnswer, ToolContext } from './tool-context.js';

/** `list_categories`: the 14 categories in display order with their product counts and pages. */
export async function listCategories(_args: unknown, ctx: ToolContext): Promise<ToolAnswer> {
  const counts = new Map<CategoryId, number>();
  for (const c of await ctx.index.categories()) counts.set(c.id, c.count);
  const output: ListCategoriesOutput = {
    categories: CATEGORIES.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      count: counts.get(c.id) ?? 0,
      url: categoryUrl(ctx.baseUrl, c.id),
      markdown_url: categoryUrl(ctx.baseUrl, c.id, 'md'),
    })),
    total: [...counts.values()].reduce((sum, n) => sum + n, 0),
  };
  const lines = [`${output.total} products in ${output.categories.length} categories:`, ''];
  for (const c of output.categories) {
    lines.push(`- \`${c.id}\` ${c.name}: ${c.count} products (${c.url})`);
  }
  lines.push('', 'Pass an id as `category` to search_products.');
  return { structuredContent: output, text: lines.join('\n') };
}
