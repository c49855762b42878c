import type { Product } from '@repo/catalog-core';
import type { CatalogIndex } from '../../catalog-index.js';
import { isRelevant, type JudgedQuery, QUERY_KINDS, type QueryKind } from './judged-query.js';

/** How many results of a query are judged: the first page an agent or a shopper reads. */
export const JUDGED_DEPTH = 10;

/** The figures of one query. */
export interface QueryMeasure {
  readonly judged: JudgedQuery;
  readonly total: number;
  /** Relevant products among the first {@link JUDGED_DEPTH} results. */
  readonly relevantShown: number;
  readonly shown: number;
  readonly ndcg: number;
}

/** Rates over a group of queries, each from 0 to 1. */
export interface RelevanceFigures {
  readonly queries: number;
  /** Share of queries with no result. */
  readonly zeroResult: number;
  /** Share of queries with at least one relevant product in the first 10. */
  readonly success: number;
  /** Mean share of relevant products among the results shown (0 for no result). */
  readonly precision: number;
  /** Mean nDCG@10, binary gains, the ideal being every relevant product first. */
  readonly ndcg: number;
}

/** The figures per kind (of the kinds the set has), per language and overall, and each query's own. */
export interface RelevanceReport {
  readonly byKind: Readonly<Partial<Record<QueryKind, RelevanceFigures>>>;
  /** Per language of the queries that name one (`lang`). */
  readonly byLanguage: Readonly<Record<string, RelevanceFigures>>;
  readonly all: RelevanceFigures;
  readonly measures: readonly QueryMeasure[];
}

function figures(measures: readonly QueryMeasure[]): RelevanceFigures {
  const n = measures.length;
  const mean = (value: (m: QueryMeasure) => number) =>
    n === 0 ? 0 : measures.reduce((sum, m) => sum + value(m), 0) / n;
  return {
    queries: n,
    zeroResult: mean((m) => (m.total === 0 ? 1 : 0)),
    success: mean((m) => (m.relevantShown > 0 ? 1 : 0)),
    precision: mean((m) => (m.shown === 0 ? 0 : m.relevantShown / m.shown)),
    ndcg: mean((m) => m.ndcg),
  };
}

/**
 * Runs every judged query through a catalog index (the text alone, first page of 10, as an agent
 * calls `search_products`) and measures zero results, success@10, precision@10 and nDCG@10, per
 * kind and overall. `products` is the catalog the index holds: the ideal ordering of nDCG counts
 * its relevant products.
 */
export async function measureRelevance(
  index: CatalogIndex,
  queries: readonly JudgedQuery[],
  products: readonly Product[],
): Promise<RelevanceReport> {
  const measures: QueryMeasure[] = [];
  for (const judged of queries) {
    const result = await index.search({ q: judged.query, limit: JUDGED_DEPTH });
    const gains = result.hits.map((p) => (isRelevant(p, judged) ? 1 : 0));
    const relevantInCatalog = products.filter((p) => isRelevant(p, judged)).length;
    const dcg = gains.reduce<number>((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
    let ideal = 0;
    for (let i = 0; i < Math.min(JUDGED_DEPTH, relevantInCatalog); i++)
      ideal += 1 / Math.log2(i + 2);
    measures.push({
      judged,
      total: result.total,
      relevantShown: gains.reduce<number>((sum, gain) => sum + gain, 0),
      shown: result.hits.length,
      ndcg: ideal === 0 ? 0 : dcg / ideal,
    });
  }
  const byKind = Object.fromEntries(
    QUERY_KINDS.filter((kind) => queries.some((q) => q.kind === kind)).map((kind) => [
      kind,
      figures(measures.filter((m) => m.judged.kind === kind)),
    ]),
  ) as Partial<Record<QueryKind, RelevanceFigures>>;
  const languages = [...new Set(queries.flatMap((q) => (q.lang ? [q.lang] : [])))].sort();
  const byLanguage = Object.fromEntries(
    languages.map((lang) => [lang, figures(measures.filter((m) => m.judged.lang === lang))]),
  );
  return { byKind, byLanguage, all: figures(measures), measures };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);

/** The report as a table: one row per kind, one per language and one for all, in percent. */
export function formatRelevanceReport(title: string, report: RelevanceReport): string {
  const head = `${'kind'.padEnd(10)} ${'queries'.padStart(7)} ${'zero'.padStart(7)} ${'succ@10'.padStart(7)} ${'prec@10'.padStart(7)} ${'nDCG@10'.padStart(7)}`;
  const row = (name: string, f: RelevanceFigures) =>
    `${name.padEnd(10)} ${String(f.queries).padStart(7)} ${percent(f.zeroResult)} ${percent(f.success)} ${percent(f.precision)} ${percent(f.ndcg)}`;
  return [
    title,
    head,
    ...Object.entries(report.byKind).map(([kind, f]) => row(kind, f)),
    ...Object.entries(report.byLanguage).map(([lang, f]) => row(`lang ${lang}`, f)),
    row('all', report.all),
  ].join('\n');
}
