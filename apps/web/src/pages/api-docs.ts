import { SERVICE_INFO } from '@repo/catalog-core';
import { marked } from 'marked';
import { apiDocsMarkdown } from '../content/api-docs.js';
import type { Site } from '../plugins/site.js';
import type { PageModel } from '../render/page-model.js';

/** `/api-docs`: the MCP tools, the token flow and the discovery documents. */
export function apiDocsPage(site: Site): PageModel {
  const base = site.baseUrl;
  const source = apiDocsMarkdown(base, site.contactEmail);
  return {
    title: `API and MCP documentation: ${SERVICE_INFO.title}`,
    description:
      'How AI agents and programs use the catalog: MCP tools, Markdown pages, the optional token and the discovery documents.',
    url: `${base}/api-docs`,
    mdUrl: `${base}/api-docs.md`,
    h1: 'API and MCP documentation',
    breadcrumbs: [{ href: `${base}/`, mdHref: `${base}/index.md`, text: 'Home' }],
    blocks: [{ kind: 'markdown', source, html: marked.parse(source, { async: false }) }],
  };
}
