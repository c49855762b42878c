import { type Currency, isCurrency } from '@repo/catalog-core';
import { currencyOfTag } from './display-currency.js';
import { acceptedLanguage, isLanguage, type Language } from './languages.js';

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

const NOTHING_GIVEN: Preferences['given'] = Object.freeze({});

/** What an `Accept-Language` header chooses when the URL chooses nothing. */
function fromHeader(header: string | undefined): Preferences {
  const accepted = acceptedLanguage(header);
  return Object.freeze({
    lang: accepted.language,
    currency: currencyOfTag(accepted.first),
    given: NOTHING_GIVEN,
  });
}

const NO_HEADER = fromHeader(undefined);
// Browsers send a handful of distinct headers: each is read once. The bound keeps a client that
// varies the header from growing the map.
const MAX_KEPT = 512;
const byHeader = new Map<string, Preferences>();

function headerPreferences(header: string | undefined): Preferences {
  if (header === undefined || header === '') return NO_HEADER;
  let preferences = byHeader.get(header);
  if (preferences === undefined) {
    preferences = fromHeader(header);
    if (byHeader.size >= MAX_KEPT) byHeader.clear();
    byHeader.set(header, preferences);
  }
  return preferences;
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
  const header = headerPreferences(acceptLanguage);
  // Most requests choose nothing in the URL: their preferences are the header's, made once.
  if (lang === undefined && currency === undefined) return header;
  return {
    lang: lang ?? header.lang,
    currency: currency ?? header.currency,
    given: {
      ...(lang === undefined ? {} : { lang }),
      ...(currency === undefined ? {} : { currency }),
    },
  };
}
