/** A number with `digits` decimals, or `n/a`. */
export function fmt(n: number | undefined, digits = 1): string {
  return n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}

/** A share of a core as a whole percentage. */
export function pct(share: number | undefined): string {
  return share !== undefined && Number.isFinite(share) ? `${Math.round(100 * share)}%` : 'n/a';
}

/** Prints a Markdown table: a header, the alignment row (`l` or `r` per column) and the rows. */
export function printTable(header: readonly string[], align: string, rows: readonly string[][]) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${[...align].map((a) => (a === 'r' ? '---:' : ':---')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}
