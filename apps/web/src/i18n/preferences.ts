import { type Currency, isCurrency } from '@repo/catalog-core';
import { currencyOfTag } from './display-currency.js';
import { acceptedLanguage, DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.js';

/** The language and currency a request is answered in, and which of them its URL chose. */
export interface Preferences {
  readonly lang: Language;
  readonly currency: Currency;
  /** `lang` and `currency` as the URL gave them: kept on every link of the page. */
  readonly given: { readonly lang?: Language; readonly currency?: Currency };
}

/** The query parameters that choose them (each schema lists them; `lang` is never refused). */
export interface PreferenceQuery {
  readonly lang?: string | undefined;
  readonly currency?: string | undefined;
}

/**
 * Reads a request's language (`?lang=`, else `Accept-Language`, else English; an unknown `lang`
 * is English, never an error) and currency (`?currency=`, else the region of the language the
 * visitor prefers most, `pt-BR` → BRL, else USD).
 *
 * @example readPreferences({ lang: 'de' }, 'pt-BR') // { lang: 'de', currency: 'BRL', given: { lang: 'de' } }
 */
export function readPreferences(
  query: PreferenceQuery,
  acceptLanguage: string | undefined,
): Preferences {
  const asked = query.lang ? query.lang.split('-')[0]?.toLowerCase() : undefined;
  const lang = isLanguage(asked) ? asked : undefined;
  const currency = query.currency && isCurrency(query.currency) ? query.currency : undefined;
  // Most requests choose nothing in the URL: their preferences are the header's, made once.
  if (lang === undefined && currency === undefined) return fromHeader(acceptLanguage);
  const accepted =
    lang === undefined || currency === undefined ? acceptedLanguage(acceptLanguage) : undefined;
  return {
    lang: lang ?? accepted?.language ?? 'en',
    currency: currency ?? currencyOfTag(accepted?.first),
    given: {
      ...(lang === undefined ? {} : { lang }),
      ...(currency === undefined ? {} : { currency }),
    },
  };
}

const NONE: Preferences = Object.freeze({
  lang: DEFAULT_LANGUAGE,
  currency: currencyOfTag(undefined),
  given: Object.freeze({}),
});
// Bounded like the header reads of `acceptedLanguage`: a client varying the header cannot grow it.
const MAX_KEPT = 512;
const byHeader = new Map<string, Preferences>();

/** The preferences of a request whose URL chooses nothing, by its `Accept-Language`. */
function fromHeader(header: string | undefined): Preferences {
  if (header === undefined || header === '') return NONE;
  let preferences = byHeader.get(header);
  if (preferences === undefined) {
    const accepted = acceptedLanguage(header);
    preferences = Object.freeze({
      lang: accepted.language,
      currency: currencyOfTag(accepted.first),
      given: NONE.given,
    });
    if (byHeader.size >= MAX_KEPT) byHeader.clear();
    byHeader.set(header, preferences);
  }
  return preferences;
}
