import { SERVICE_INFO } from '@repo/catalog-core';
import { marked } from 'marked';
import { apiDocsMarkdown } from '../content/api-docs.js';
import type { PageModel } from '../render/page-model.js';
import type { PageContext } from './page-context.js';
import { homeCrumb } from './shared.js';

/**
 * `/api-docs`: the MCP tools, the token flow and the discovery documents. The page speaks the
 * visitor's language; the reference itself stays in English, the language of the tool contracts
 * it quotes word for word, and says so (its HTML is marked `lang="en"`).
 */
export function apiDocsPage(ctx: PageContext): PageModel {
  const { site, urls, locale } = ctx;
  const t = locale.m.apiDocs;
  // The text names URLs for agents to call: the site's own, without a visitor's preference.
  const source = apiDocsMarkdown(site.urls, site.contactEmail);
  return {
    title: locale.t(t.title, { site: SERVICE_INFO.title }),
    description: t.description,
    url: site.urls.apiDocs(),
    mdUrl: urls.apiDocs('md'),
    h1: t.h1,
    breadcrumbs: [homeCrumb(urls, locale)],
    blocks: [
      ...(locale.lang === 'en' ? [] : [{ kind: 'notice' as const, content: [t.englishNote] }]),
      {
        kind: 'markdown',
        source,
        html: marked.parse(source, { async: false }),
        ...(locale.lang === 'en' ? {} : { lang: 'en' }),
      },
    ],
  };
}
