import { type Agent, CATEGORIES, type Product } from '@repo/catalog-core';
import { type ClickRow, type ClickStats, MAX_WINDOW_DAYS, openClickReader } from '@repo/clicks';
import { loadStatsConfig } from '../config.js';
import { loadAgents } from '../load-agents.js';
import { loadCatalog } from '../load-catalog.js';
import { CliUsageError, integerOption } from './usage.js';

/** Options of `catalog stats` as parsed from argv. */
export interface StatsArgs {
  readonly values: { readonly days?: string | undefined; readonly top?: string | undefined };
}

interface Tally {
  readonly key: string;
  clicks: number;
}

/** The keys of `rows` with their summed clicks, most first (ties by key), at most `top`. */
function tally(rows: readonly ClickRow[], keyOf: (row: ClickRow) => string, top: number): Tally[] {
  const sums = new Map<string, Tally>();
  for (const row of rows) {
    const key = keyOf(row);
    const entry = sums.get(key) ?? { key, clicks: 0 };
    entry.clicks += row.clicks;
    sums.set(key, entry);
  }
  return [...sums.values()]
    .sort((a, b) => b.clicks - a.clicks || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, top);
}

function table(title: string, entries: readonly Tally[], name: (key: string) => string): string[] {
  if (entries.length === 0) return [];
  const width = Math.max(6, ...entries.map((e) => String(e.clicks).length));
  return [
    '',
    title,
    `  ${'clicks'.padStart(width)}  name`,
    ...entries.map((e) => `  ${String(e.clicks).padStart(width)}  ${name(e.key)}`),
  ];
}

/**
 * `catalog stats [--days N] [--top N]`: the outbound clicks of the last N days (default 30) where
 * the apps count them (Redis with `REDIS_URL`, else `DATA_DIR/clicks.json`), as the top products,
 * categories and agents with their counts. Products are named from the catalog the apps serve
 * (`CATALOG_FILE`, else the sample); one no longer in it is named by its slug.
 */
export async function statsCommand({ values }: StatsArgs): Promise<number> {
  const days = integerOption('days', values.days, 1) ?? 30;
  const top = integerOption('top', values.top, 1) ?? 10;
  if (days > MAX_WINDOW_DAYS) {
    throw new CliUsageError(`--days must be at most ${MAX_WINDOW_DAYS}`);
  }
  const config = loadStatsConfig();
  const reader = openClickReader({ redisUrl: config.redisUrl, file: config.clicksFile });
  let stats: ClickStats;
  try {
    stats = await reader.clicks(days);
  } finally {
    await reader.close();
  }
  const { rows } = stats;
  const where = config.redisUrl ? 'Redis' : config.clicksFile;
  const total = rows.reduce((sum, r) => sum + r.clicks, 0);
  console.log(
    `${total} outbound clicks from ${stats.from} to ${stats.to} (${days} days, counted in ${where})`,
  );
  if (total === 0) return 0;

  const [catalog, agents] = await Promise.all([
    loadCatalog({ file: config.catalogFile, seed: config.seed }),
    loadAgents(config.agentsFile),
  ]);
  const products = new Map<string, Product>(catalog.products.map((p) => [p.slug, p]));
  const agentNames = new Map<string, string>(agents.map((a: Agent) => [a.id, a.name]));
  const categoryNames = new Map<string, string>(CATEGORIES.map((c) => [c.id, c.name]));
  const gone = '(not in the catalog)';
  const lines = [
    ...table(
      'Top products',
      tally(rows, (r) => r.slug, top),
      (slug) => {
        const p = products.get(slug);
        return p ? `${p.title} (${slug}, ${p.category})` : `${slug} ${gone}`;
      },
    ),
    ...table(
      'Top categories',
      tally(rows, (r) => products.get(r.slug)?.category ?? gone, top),
      (id) => categoryNames.get(id) ?? id,
    ),
    ...table(
      'Agents',
      tally(rows, (r) => r.agent, top),
      (id) => `${agentNames.get(id) ?? id} (${id})`,
    ),
  ];
  console.log(lines.join('\n'));
  return 0;
}
