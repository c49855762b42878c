import { SERVICE_INFO } from '@repo/catalog-core';
import { marked } from 'marked';
import { apiDocsMarkdown } from '../content/api-docs.js';
import type { PageModel } from '../render/page-model.js';
import type { PageContext } from './page-context.js';
import { homeCrumb } from './shared.js';

/** `/api-docs`: the MCP tools, the token flow and the discovery documents. */
export function apiDocsPage(ctx: PageContext): PageModel {
  const { site, urls } = ctx;
  // The text names URLs for agents to call: the site's own, without a visitor's preference.
  const source = apiDocsMarkdown(site.urls, site.contactEmail);
  return {
    title: `API and MCP documentation: ${SERVICE_INFO.title}`,
    description:
      'How AI agents and programs use the catalog: MCP tools, Markdown pages, the optional token and the discovery documents.',
    url: site.urls.apiDocs(),
    mdUrl: urls.apiDocs('md'),
    h1: 'API and MCP documentation',
    breadcrumbs: [homeCrumb(urls)],
    blocks: [{ kind: 'markdown', source, html: marked.parse(source, { async: false }) }],
  };
}
