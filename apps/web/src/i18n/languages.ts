import Negotiator from 'negotiator';

/** The languages pages are written in, English first: the default and `x-default`. */
export const LANGUAGES = ['en', 'es', 'pt', 'fr', 'de', 'it'] as const;
/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The language when nothing chooses one. */
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Tells whether a `lang` value names one of the page languages (lower case, as links write it).
 *
 * @example isLanguage('de') // true
 */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** What an `Accept-Language` header asks for. */
export interface AcceptedLanguage {
  /** The page language it prefers most (`es-MX` counts as `es`); English when none is offered. */
  readonly language: Language;
  /** The tag it prefers most, whether or not pages are written in it (`pl-PL`), if any. */
  readonly first?: string;
}

/**
 * Reads an `Accept-Language` header (RFC 9110 section 12.5.4: q-values, `*`, a range matches its
 * more specific tags, so `es-MX` is Spanish). Callers keep what it reads per header
 * (`readPreferences`): negotiation stays off the hot path.
 *
 * @example acceptedLanguage('pt-BR,pt;q=0.9,en;q=0.8') // { language: 'pt', first: 'pt-BR' }
 */
export function acceptedLanguage(header: string | undefined): AcceptedLanguage {
  if (header === undefined || header === '') return { language: DEFAULT_LANGUAGE };
  const negotiator = new Negotiator({ headers: { 'accept-language': header.slice(0, 1000) } });
  const first = negotiator.languages().find((tag) => tag !== '*');
  const language = negotiator.languages([...LANGUAGES])[0];
  return {
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    ...(first === undefined ? {} : { first }),
  };
}

/** Each language by its own name, as a language switch shows it to those who read it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
};
