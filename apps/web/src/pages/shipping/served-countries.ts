import { type Agent, countriesServed, type ServedCountry } from '@repo/catalog-core';

const served = new WeakMap<readonly Agent[], readonly ServedCountry[]>();

/** The countries the agents' lines serve, computed once per agents list (once per process). */
export function servedCountries(agents: readonly Agent[]): readonly ServedCountry[] {
  let countries = served.get(agents);
  if (countries === undefined) {
    countries = countriesServed(agents);
    served.set(agents, countries);
  }
  return countries;
}
