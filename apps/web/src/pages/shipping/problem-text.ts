import type { Locale } from '../../i18n/locale.js';
import type { ShippingProblem } from './shipping-problem.js';

// The only place the calculator's problems become words: each code is one message of
// `shipping.problems`, with these values as its parameters.

/**
 * A problem as the sentence the page shows, in the locale's language. The estimator's refusal
 * keeps its own words in English (the same as `estimate_shipping` gives).
 *
 * @example problemText(localeOf('en'), { code: 'unknown_country', value: 'UK' })
 * // 'Unknown country “UK” (the United Kingdom is GB): choose one from the list, …'
 */
export function problemText(locale: Locale, problem: ShippingProblem): string {
  const t = locale.m.shipping.problems;
  // A value as the page quotes it back: in the language's quotes, cut after 80 characters.
  const quoted = (value: string) =>
    locale.t(t.quote, { value: value.length > 80 ? `${value.slice(0, 80)}…` : value });
  switch (problem.code) {
    case 'unknown_country':
      return locale.t(
        problem.value.trim().toUpperCase() === 'UK' ? t.unknown_country_uk : t.unknown_country,
        { value: quoted(problem.value) },
      );
    case 'country_not_served':
      return locale.t(t.country_not_served, {
        country: locale.country(problem.country),
        code: problem.country,
      });
    case 'conflicting_parameters':
      return locale.t(t.conflicting_parameters, {
        name: quoted(problem.name),
        alias: quoted(problem.alias),
        value: quoted(problem.value),
        aliasValue: quoted(problem.aliasValue),
      });
    case 'invalid_weight':
      return locale.t(t.invalid_weight, { max: problem.max, value: quoted(problem.value) });
    case 'partial_box':
      return t.partial_box;
    case 'invalid_side':
      return locale.t(t.invalid_side, {
        side: t.sides[problem.side],
        max: problem.max,
        value: quoted(problem.value),
      });
    case 'invalid_item':
      return locale.t(t.invalid_item, { entry: quoted(problem.entry), max: problem.maxQuantity });
    case 'unknown_add':
      return locale.t(t.unknown_add, { value: quoted(problem.value) });
    case 'too_many_items':
      return locale.t(t.too_many_items, { max: problem.max });
    case 'unknown_slug':
      return locale.t(t.unknown_slug, { slug: quoted(problem.slug) });
    case 'weight_and_items':
      return t.weight_and_items;
    case 'unknown_parameter':
      return locale.t(t.unknown_parameter, {
        name: quoted(problem.name),
        suggestion: quoted(problem.suggestion),
      });
    case 'unknown_parameters':
      return locale.t(problem.names.length === 1 ? t.unknown_parameter_one : t.unknown_parameters, {
        name: quoted(problem.names[0] ?? ''),
        names: locale.list(problem.names.map(quoted)),
        known: locale.list(problem.known),
      });
    case 'more_unknown_parameters':
      return locale.plural(t.more_unknown_parameters, problem.count);
    case 'estimate_refused':
      return locale.lang === 'en'
        ? problem.message
        : locale.t(t.estimate_refused, { country: locale.country(problem.country) });
  }
}
