import { SERVICE_INFO } from '@repo/catalog-core';
import { marked } from 'marked';
import { apiDocsMarkdown } from '../content/api-docs.js';
import type { Site } from '../plugins/site.js';
import type { PageModel } from '../render/page-model.js';
import { homeCrumb } from './shared.js';

/** `/api-docs`: the MCP tools, the token flow and the discovery documents. */
export function apiDocsPage(site: Site): PageModel {
  const urls = site.urls;
  const source = apiDocsMarkdown(urls, site.contactEmail);
  return {
    title: `API and MCP documentation: ${SERVICE_INFO.title}`,
    description:
      'How AI agents and programs use the catalog: MCP tools, Markdown pages, the optional token and the discovery documents.',
    url: urls.apiDocs(),
    mdUrl: urls.apiDocs('md'),
    h1: 'API and MCP documentation',
    breadcrumbs: [homeCrumb(urls)],
    blocks: [{ kind: 'markdown', source, html: marked.parse(source, { async: false }) }],
  };
}
