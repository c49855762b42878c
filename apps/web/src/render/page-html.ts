import { MESSAGES } from '../i18n/messages.js';
import { jsonForScript } from './escape.js';
import { html, trusted } from './html.js';
import {
  blockHtml,
  type HtmlContext,
  inlineHtml,
  type LocalHref,
  linkHtml,
} from './html-blocks.js';
import type { Link, PageModel, SiteLinks } from './page-model.js';

/** Search results show about 60-70 characters of a title (html-validate counts escapes too); longer
 * ones are cut at a word. */
function shortTitle(title: string): string {
  if (title.length <= 60) return title;
  const cut = title.slice(0, 59);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).trimEnd()}…`;
}

/** What every page shares: the site name, the stylesheet, the navigation and the footer. */
export interface SiteChrome {
  readonly baseUrl: string;
  readonly siteName: string;
  readonly cssHref: string;
  /** `sha384-…` of the exact stylesheet bytes served at `cssHref` (Subresource Integrity). */
  readonly cssIntegrity: string;
  readonly iconHref: string;
  /**
   * The one script of every page (search suggestions, an enhancement: pages work without it),
   * with its `sha384-…` integrity.
   */
  readonly script?: { readonly href: string; readonly integrity: string };
  /** The header and footer links of a page that has none of its own (an error without a site). */
  readonly links: SiteLinks;
  /** The catalog version the pages were built from: it leads their ETags. */
  readonly version?: string;
}

/** A list of links as a labelled navigation landmark (header, footer, switches). */
function navHtml(label: string, links: readonly Link[], local: LocalHref) {
  return html`<nav aria-label="${label}"><ul>${links.map((l) => html`<li${l.lang ? html` lang="${l.lang}"` : ''}>${linkHtml(l, local)}</li>`)}</ul></nav>`;
}

/**
 * The language switch: one compact control (a `<details>`, no script) showing the page's language,
 * opening on plain links to this page in each language.
 */
function languageSwitch(label: string, links: readonly Link[], lang: string, local: LocalHref) {
  const current = links.find((l) => l.current)?.text ?? lang;
  return html`<details class="lang-switch"><summary><span aria-hidden="true">${lang.toUpperCase()}</span><span class="vh">${label}: ${current}</span></summary>${navHtml(label, links, local)}</details>`;
}

/**
 * Renders a page model as a complete HTML document in its language: landmarks, a skip link, a
 * language switch, canonical, language and Markdown alternates, Open Graph tags and the page's
 * JSON-LD. The only script is the site's own (`chrome.script`), deferred: every page works without it.
 */
export function renderHtml(page: PageModel, chrome: SiteChrome): string {
  const base = chrome.baseUrl;
  const local = (href: string) =>
    href.startsWith(base) &&
    (href.length === base.length || '/?#'.includes(href[base.length] ?? ''))
      ? href.slice(base.length) || '/'
      : href;
  const ctx: HtmlContext = { local, ids: { n: 0 }, cards: { n: 0 } };
  const pathOf = (href: string) => local(href).split(/[?#]/)[0];
  const path = pathOf(page.url);
  const links = page.siteLinks ?? chrome.links;
  const nav = links.nav.map((l) => ({ ...l, current: pathOf(l.href) === path }));
  const image = page.image ?? `${base}${chrome.iconHref}`;
  const lang = page.lang ?? 'en';
  const text = MESSAGES[lang].chrome;
  const extra = page.chrome;
  return html`<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shortTitle(page.title)}</title><meta name="description" content="${page.description}">
<link rel="canonical" href="${page.url}"><link rel="alternate" type="text/markdown" href="${page.mdUrl}">
${extra ? html`${extra.alternates.map((a) => html`<link rel="alternate" hreflang="${a.hreflang}" href="${a.href}">`)}\n` : ''}<link rel="stylesheet" href="${chrome.cssHref}" integrity="${chrome.cssIntegrity}"><link rel="icon" href="${chrome.iconHref}" type="image/svg+xml">${
    chrome.script
      ? html`<script src="${chrome.script.href}" integrity="${chrome.script.integrity}" defer></script>`
      : ''
  }
${page.noindex ? trusted('<meta name="robots" content="noindex">\n') : ''}<meta property="og:site_name" content="${chrome.siteName}"><meta property="og:type" content="${page.ogType ?? 'website'}"><meta property="og:title" content="${page.h1}"><meta property="og:description" content="${page.description}"><meta property="og:url" content="${page.url}"><meta property="og:image" content="${image}">
${page.jsonLd ? html`<script type="application/ld+json">${trusted(jsonForScript(page.jsonLd))}</script>\n` : ''}</head>
<body><a class="skip" href="#main">${text.skip}</a>
<header class="site-header"><div class="wrap"><a class="brand" href="${local(links.home)}">${chrome.siteName}</a>${navHtml(text.mainNav, nav, local)}${
    extra ? languageSwitch(text.languageNav, extra.languages, lang, local) : ''
  }</div></header>
<main id="main" class="wrap">${
    page.breadcrumbs?.length
      ? html`<nav class="crumbs" aria-label="${text.breadcrumb}"><ol>${page.breadcrumbs.map((l) => html`<li>${linkHtml(l, local)}</li>`)}<li aria-current="page">${page.h1}</li></ol></nav>`
      : ''
  }<h1>${page.h1}</h1>${page.lead ? html`<p class="lead">${inlineHtml(page.lead, local)}</p>` : ''}${page.blocks.map(
    (b) => blockHtml(b, ctx),
  )}</main>
<footer class="site-footer"><div class="wrap">${(extra?.notes ?? []).map((n) => html`<p>${n}</p>`)}${
    extra
      ? html`<div class="switch">${navHtml(text.currencyNav, extra.currencies, local)}</div>`
      : ''
  }${navHtml(text.documentsNav, [{ href: page.mdUrl, text: text.markdownLink }, ...links.footer], local)}</div></footer>
</body></html>
`.value;
}
