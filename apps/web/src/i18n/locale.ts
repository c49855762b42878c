import type { CategoryId, Currency } from '@repo/catalog-core';
import type { Language } from './languages.js';
import { MESSAGES, type Messages, type PluralForms } from './messages.js';

/** Values of a message's `{name}` placeholders; numbers are written for the language. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * Everything a page needs to speak one language: its messages, and numbers, money, dates and
 * country names written the way its readers write them (`Intl`).
 */
export interface Locale {
  readonly lang: Language;
  readonly m: Messages;
  /** A message with its `{name}` placeholders filled. */
  t(template: string, values?: MessageValues): string;
  /** The form of a plural message for `n` (`Intl.PluralRules`), filled with `{n}` and `values`. */
  plural(forms: PluralForms, n: number, values?: MessageValues): string;
  /** `1,234` / `1.234` / `1 234`. */
  number(n: number): string;
  /** `a, b and c` (`Intl.ListFormat`). */
  list(items: readonly string[]): string;
  /** `¥328.00`, `R$ 245,00`: CNY with its narrow symbol, other currencies with theirs. */
  money(amount: number, currency: Currency): string;
  /** `3 December 2026` from `2026-12-03`. */
  date(isoDate: string): string;
  /** The country's name in the language (`Intl.DisplayNames`), the code when it has none. */
  country(code: string): string;
  /** The category's name and one-line description. */
  category(id: CategoryId): { readonly name: string; readonly description: string };
}

const PLACEHOLDER = /\{(\w+)\}/g;

function createLocale(lang: Language): Locale {
  const m = MESSAGES[lang];
  const plurals = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const moneyFormats = new Map<Currency, Intl.NumberFormat>();
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
  const regions = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const lists = new Intl.ListFormat(lang, { type: 'conjunction' });
  const number = (n: number) => numbers.format(n);
  const t = (template: string, values?: MessageValues) =>
    values === undefined
      ? template
      : template.replace(PLACEHOLDER, (whole, name: string) => {
          const value = values[name];
          return value === undefined ? whole : typeof value === 'number' ? number(value) : value;
        });
  return {
    lang,
    m,
    t,
    plural: (forms, n, values) =>
      t(forms[plurals.select(n)] ?? forms.other, { ...values, n: number(n) }),
    number,
    list: (items) => lists.format(items),
    money(amount, currency) {
      let format = moneyFormats.get(currency);
      if (format === undefined) {
        format = new Intl.NumberFormat(lang, {
          style: 'currency',
          currency,
          // `¥` alone is the yuan to every reader of these pages; `$` alone would not say which.
          currencyDisplay: currency === 'CNY' ? 'narrowSymbol' : 'symbol',
        });
        moneyFormats.set(currency, format);
      }
      return format.format(amount);
    },
    date: (isoDate) => {
      const date = new Date(`${isoDate}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? isoDate : dates.format(date);
    },
    country: (code) => regions.of(code) ?? code,
    category: (id) => m.categories[id],
  };
}

const LOCALES = new Map<Language, Locale>();

/** The locale of a language, made once. */
export function localeOf(lang: Language): Locale {
  let locale = LOCALES.get(lang);
  if (locale === undefined) {
    locale = createLocale(lang);
    LOCALES.set(lang, locale);
  }
  return locale;
}
