import { countryName } from '@repo/catalog-core';
import { count } from '../shared.js';
import type { ShippingProblem } from './shipping-problem.js';

// The only place the calculator's problems become words: translating the page means giving each
// code a message with these parameters, here and nowhere else.

/** A value as the page quotes it back: in curly quotes, cut after 80 characters. */
const quoted = (value: string) => `“${value.length > 80 ? `${value.slice(0, 80)}…` : value}”`;

/** `a, b and c`. */
const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * A problem as the sentence the page shows.
 *
 * @example problemText({ code: 'unknown_country', value: 'UK' })
 * // 'Unknown country “UK” (the United Kingdom is GB): choose one from the list, …'
 */
export function problemText(problem: ShippingProblem): string {
  switch (problem.code) {
    case 'unknown_country':
      return `Unknown country ${quoted(problem.value)}${problem.value.trim().toUpperCase() === 'UK' ? ' (the United Kingdom is GB)' : ''}: choose one from the list, or give an ISO 3166-1 alpha-2 code such as PL, US or GB.`;
    case 'country_not_served':
      return `No shipping line serves ${countryName(problem.country)} (${problem.country}).`;
    case 'conflicting_parameters':
      return `${quoted(problem.name)} and its old name ${quoted(problem.alias)} give different values (${quoted(problem.value)} and ${quoted(problem.aliasValue)}): give one of them.`;
    case 'invalid_weight':
      return `The weight must be a whole number of grams from 1 to ${count(problem.max)}; ${quoted(problem.value)} is not.`;
    case 'partial_box':
      return 'Give the box’s length, width and height, or none of them.';
    case 'invalid_side':
      return `The ${problem.side} must be more than 0 and at most ${count(problem.max)} cm; ${quoted(problem.value)} is not.`;
    case 'invalid_item':
      return `The item ${quoted(problem.entry)} is not a product slug or category with an optional quantity from 1 to ${count(problem.maxQuantity)} (slug:2).`;
    case 'unknown_add':
      return `${quoted(problem.value)} is no product of the catalog: add a product slug, its page link, or the listing link of a catalogued product.`;
    case 'too_many_items':
      return `At most ${count(problem.max)} different items.`;
    case 'unknown_slug':
      return `No product has the slug ${quoted(problem.slug)}; search the catalog for it.`;
    case 'weight_and_items':
      return 'Give a weight or items, not both.';
    case 'unknown_parameter':
      return `Unknown parameter ${quoted(problem.name)}: did you mean ${quoted(problem.suggestion)}? It was ignored.`;
    case 'unknown_parameters':
      return problem.names.length === 1
        ? `Unknown parameter ${quoted(problem.names[0] ?? '')}: the known ones are ${listed(problem.known)}. It was ignored.`
        : `Unknown parameters ${listed(problem.names.map(quoted))}: the known ones are ${listed(problem.known)}. They were ignored.`;
    case 'more_unknown_parameters':
      return `${count(problem.count)} more unknown parameters were ignored.`;
    case 'estimate_refused':
      return problem.message;
  }
}
