import { jsonForScript } from './escape.js';
import { html, trusted } from './html.js';
import { blockHtml, type HtmlContext, inlineHtml, linkHtml } from './html-blocks.js';
import type { Link, PageModel } from './page-model.js';

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
  readonly nav: readonly Link[];
  readonly footer: readonly Link[];
  readonly footerNote: string;
  /** The catalog version the pages were built from: it leads their ETags. */
  readonly version?: string;
}

/**
 * Renders a page model as a complete HTML document: landmarks, a skip link, canonical and
 * alternate Markdown links, Open Graph tags and the page's JSON-LD. No script runs on any page.
 */
export function renderHtml(page: PageModel, chrome: SiteChrome): string {
  const base = chrome.baseUrl;
  const local = (href: string) =>
    href.startsWith(base) &&
    (href.length === base.length || '/?#'.includes(href[base.length] ?? ''))
      ? href.slice(base.length) || '/'
      : href;
  const ctx: HtmlContext = { local, ids: { n: 0 } };
  const pathOf = (href: string) => local(href).split(/[?#]/)[0];
  const path = pathOf(page.url);
  const links = page.siteLinks ?? { home: '/', nav: chrome.nav, footer: chrome.footer };
  const nav = links.nav.map((l) => ({ ...l, current: pathOf(l.href) === path }));
  const image = page.image ?? `${base}${chrome.iconHref}`;
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shortTitle(page.title)}</title><meta name="description" content="${page.description}">
<link rel="canonical" href="${page.url}"><link rel="alternate" type="text/markdown" href="${page.mdUrl}">
<link rel="stylesheet" href="${chrome.cssHref}" integrity="${chrome.cssIntegrity}"><link rel="icon" href="${chrome.iconHref}" type="image/svg+xml">
${page.noindex ? trusted('<meta name="robots" content="noindex">\n') : ''}<meta property="og:site_name" content="${chrome.siteName}"><meta property="og:type" content="${page.ogType ?? 'website'}"><meta property="og:title" content="${page.h1}"><meta property="og:description" content="${page.description}"><meta property="og:url" content="${page.url}"><meta property="og:image" content="${image}">
${page.jsonLd ? html`<script type="application/ld+json">${trusted(jsonForScript(page.jsonLd))}</script>\n` : ''}</head>
<body><a class="skip" href="#main">Skip to content</a>
<header class="site-header"><div class="wrap"><a class="brand" href="${local(links.home)}">${chrome.siteName}</a><nav aria-label="Main"><ul>${nav.map(
    (l) => html`<li>${linkHtml(l, local)}</li>`,
  )}</ul></nav></div></header>
<main id="main" class="wrap">${
    page.breadcrumbs?.length
      ? html`<nav class="crumbs" aria-label="Breadcrumb"><ol>${page.breadcrumbs.map((l) => html`<li>${linkHtml(l, local)}</li>`)}<li aria-current="page">${page.h1}</li></ol></nav>`
      : ''
  }<h1>${page.h1}</h1>${page.lead ? html`<p class="lead">${inlineHtml(page.lead, local)}</p>` : ''}${page.blocks.map(
    (b) => blockHtml(b, ctx),
  )}</main>
<footer class="site-footer"><div class="wrap"><p>${chrome.footerNote}</p><nav aria-label="Documents"><ul>${[
    { href: page.mdUrl, text: 'This page in Markdown' },
    ...links.footer,
  ].map((l) => html`<li>${linkHtml(l, local)}</li>`)}</ul></nav></div></footer>
</body></html>
`.value;
}
