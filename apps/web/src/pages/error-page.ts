import { SERVICE_INFO } from '@repo/catalog-core';
import type { FastifyRequest } from 'fastify';
import type { LocalizedMessage } from '../errors.js';
import { localeOf } from '../i18n/locale.js';
import { type PreferenceQuery, readPreferences } from '../i18n/preferences.js';
import type { PageModel } from '../render/page-model.js';
import { pageChrome } from './page-chrome.js';
import { homeCrumb } from './shared.js';

// The raw query (not validated: the error may be its own) as the preferences read it.
function preferenceQuery(query: unknown): PreferenceQuery {
  const raw = (query ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { lang: text(raw.lang), currency: text(raw.currency) };
}

/**
 * An error as a page (HTML or Markdown) in the visitor's language: what went wrong, in words safe
 * to show (`localized`, else the English `detail`), and ways on.
 */
export function errorPage(
  request: FastifyRequest,
  status: number,
  detail: string,
  localized?: LocalizedMessage,
): PageModel {
  // The site of the request's catalog version; an error before the request took one (a URL the
  // router refused) gets the version-free shell, in English links.
  const site = request.site ?? request.server.site;
  const preferences = readPreferences(
    preferenceQuery(request.query),
    request.headers['accept-language'],
  );
  const locale = localeOf(preferences.lang);
  const { m } = locale;
  const { given } = preferences;
  const urls =
    request.site && (given.lang || given.currency)
      ? request.site.urlsKeeping({ lang: given.lang, currency: given.currency })
      : site.urls;
  const statusText =
    (m.errors.status as Record<string, string>)[String(status)] ?? m.errors.status.other;
  const clean = sitePath(request.url).replace(/\.md$/, '');
  // English says it as problem+json does, in the words of whatever refused the request.
  const text = localized && locale.lang !== 'en' ? localized(locale) : detail;
  const page: PageModel = {
    status,
    title: locale.t(m.errors.title, { status: statusText, site: SERVICE_INFO.title }),
    description: text,
    url: site.urls.absolute(clean),
    mdUrl: urls.absolute(`${clean === '/' ? '/index' : clean}.md`),
    h1: status === 404 ? m.errors.notFoundH1 : statusText,
    blocks: [
      { kind: 'notice', content: [text] },
      {
        kind: 'links',
        label: m.errors.waysOn,
        items: [
          homeCrumb(urls, locale),
          { href: urls.catalog(), mdHref: urls.catalog({}, 'md'), text: m.errors.searchCatalog },
          { href: urls.apiDocs(), mdHref: urls.apiDocs('md'), text: m.errors.apiDocs },
        ],
      },
    ],
    noindex: true,
  };
  if (request.site === undefined) return { ...page, lang: locale.lang };
  return {
    ...page,
    ...pageChrome(
      { site: request.site, urls, locale, currency: preferences.currency, given },
      page,
    ),
  };
}

/**
 * The path a request asked for, as a path of this site: the query left out, one leading slash (a
 * request target may be `//x` or, in absolute form, `http://host/x`).
 */
function sitePath(target: string): string {
  const path = target.startsWith('/')
    ? (target.split('?')[0] ?? '/')
    : (URL.parse(target)?.pathname ?? '/');
  return `/${path.replace(/^\/+/, '')}`;
}
