import type { Agent } from '../agents/agent.js';
import { countryCodes } from './countries.js';
import { rateFor } from './shipping-line.js';

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A destination a calculator can offer: its ISO code and its English name. */
export interface ServedCountry {
  readonly code: string;
  readonly name: string;
}

/**
 * Every country at least one line of an active agent ships to (a line's named rates, and every
 * other assigned code its `*` rate covers unless excluded), sorted by English name: the choice a
 * shipping calculator offers, read from the agents' data so an operator's lines change it.
 *
 * @example countriesServed(DEFAULT_AGENTS).find((c) => c.code === 'PL')?.name // 'Poland'
 */
export function countriesServed(agents: readonly Agent[]): ServedCountry[] {
  const lines = agents.filter((a) => a.status === 'active').flatMap((a) => a.shipping_lines);
  return countryCodes()
    .filter((code) => lines.some((line) => rateFor(line, code) !== undefined))
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The English name of an ISO 3166-1 alpha-2 code (`PL` → `Poland`), the code itself when the
 * runtime knows no name for it.
 *
 * @example countryName('DE') // 'Germany'
 */
export function countryName(code: string): string {
  return names.of(code) ?? code;
}
