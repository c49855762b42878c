import { damerauDistance, EstimateShippingInputSchema } from '@repo/catalog-core';
import { isTrackingParameter } from '../../schemas/common-parameters.js';
import { SHIPPING_QUERY_ALIASES, ShippingQuerySchema } from '../../schemas/shipping-query.js';
import type { IgnoredParameter } from './shipping-problem.js';

const aliases: Readonly<Record<string, string>> = SHIPPING_QUERY_ALIASES;
const schemaNames = Object.keys(ShippingQuerySchema.properties);

/**
 * Every name the calculator takes, old names and the kept `agent`, `lang` and `currency`
 * included (the schema lists them all): none of these is unknown.
 */
const KNOWN = new Set<string>(schemaNames);

/** The names a notice lists, in the form's order, without the old names. */
const LISTED: readonly string[] = [...KNOWN].filter((name) => !Object.hasOwn(aliases, name));

/**
 * What a mistyped name may have meant: each known name (an old one stands for its new name), then
 * the `estimate_shipping` arguments the page does not take (`dimensions_cm`, `line`), which stand
 * for nothing: a name closest to one of them gets the list, not a wrong guess such as `lang`.
 */
const MEANINGS: ReadonlyMap<string, string | undefined> = new Map([
  ...[...KNOWN].map((name) => [name, Object.hasOwn(aliases, name) ? aliases[name] : name] as const),
  ...Object.keys(EstimateShippingInputSchema.properties)
    .filter((name) => !KNOWN.has(name))
    .map((name) => [name, undefined] as const),
]);

/** Named one by one; past this many, the rest are counted (a query string can hold thousands). */
const MAX_NAMED = 10;

/** The known name closest to `name`: two edits away at most, one for a name of two or three letters. */
function closestKnown(name: string): string | undefined {
  const word = name.toLowerCase();
  const allowed = Math.min(2, Math.floor(word.length / 2));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const [candidate, meaning] of MEANINGS) {
    const distance = damerauDistance(word, candidate, allowed);
    if (distance < bestDistance) {
      best = meaning;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The parameters of a `/shipping` query that the calculator does not know, as problems: each one
 * close to a known name with that name, the others together with the list of known names.
 * Tracking parameters and the kept page parameters are not unknown, and an empty name (a stray
 * `&` or `=`) is no parameter.
 *
 * It reads the query's keys: Fastify's ajv removes properties only where a schema says
 * `additionalProperties: false`, which the page schemas never do, so `request.query` holds every
 * parameter as sent, decoded as the values are.
 *
 * @example unknownParameters({ country: 'PL', wieght: '1' })
 * // [{ code: 'unknown_parameter', name: 'wieght', suggestion: 'weight_grams' }]
 */
export function unknownParameters(query: object): IgnoredParameter[] {
  const names = Object.keys(query).filter(
    (name) => name !== '' && !KNOWN.has(name) && !isTrackingParameter(name),
  );
  const problems: IgnoredParameter[] = [];
  const far: string[] = [];
  for (const name of names.slice(0, MAX_NAMED)) {
    const suggestion = closestKnown(name);
    if (suggestion === undefined) far.push(name);
    else problems.push({ code: 'unknown_parameter', name, suggestion });
  }
  if (far.length > 0) problems.push({ code: 'unknown_parameters', names: far, known: LISTED });
  if (names.length > MAX_NAMED) {
    problems.push({ code: 'more_unknown_parameters', count: names.length - MAX_NAMED });
  }
  return problems;
}
