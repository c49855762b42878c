import { CURRENCIES } from '@repo/catalog-core';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/languages.js';
import type { Link, PageModel } from '../render/page-model.js';
import type { PageContext } from './page-context.js';

/** `url` with these query parameters appended (a canonical URL carries none of them). */
function adding(url: string, params: readonly (readonly [string, string | undefined])[]): string {
  let out = url;
  for (const [name, value] of params) {
    if (value === undefined) continue;
    out += `${out.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
  }
  return out;
}

/** The URL of a page in a language: English is the URL without `lang` (also `x-default`). */
export function languageUrl(url: string, lang: Language): string {
  return lang === 'en' ? url : adding(url, [['lang', lang]]);
}

/**
 * What a page built for `ctx` adds to its model: its language, the site's links in it keeping the
 * preferences, its canonical URL in its language, the `hreflang` alternates, the language and
 * currency switches (links to this page that keep everything else) and the footer notes.
 */
export function pageChrome(
  ctx: Pick<PageContext, 'site' | 'urls' | 'agent' | 'locale' | 'currency' | 'given'>,
  page: PageModel,
): Pick<PageModel, 'lang' | 'url' | 'siteLinks' | 'chrome'> {
  const { locale, given } = ctx;
  const { lang, m } = locale;
  const base = page.url;
  const agent = ctx.agent?.id;
  const languages: Link[] = LANGUAGES.map((l) => ({
    // Always named: without `lang`, the visitor's Accept-Language would choose again.
    href: adding(base, [
      ['lang', l],
      ['agent', agent],
      ['currency', given.currency],
    ]),
    text: LANGUAGE_NAMES[l],
    lang: l,
    current: l === lang,
  }));
  const currencies: Link[] = CURRENCIES.map((c) => ({
    href: adding(base, [
      ['lang', given.lang],
      ['agent', agent],
      ['currency', c],
    ]),
    text: c,
    current: c === ctx.currency,
  }));
  return {
    lang,
    url: languageUrl(base, lang),
    siteLinks: ctx.site.links(ctx.urls, lang),
    chrome: {
      languages,
      currencies,
      alternates: [
        ...LANGUAGES.map((l) => ({ hreflang: l, href: languageUrl(base, l) })),
        { hreflang: 'x-default', href: base },
      ],
      notes: [
        m.chrome.affiliateNote,
        locale.t(m.chrome.ratesNote, {
          currency: ctx.currency,
          date: locale.date(ctx.site.rates.as_of),
        }),
      ],
    },
  };
}
