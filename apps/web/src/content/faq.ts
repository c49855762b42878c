import type { Agent, SiteUrls } from '@repo/catalog-core';
import type { Locale } from '../i18n/locale.js';
import { escapeMarkdown as esc } from '../render/escape.js';

/**
 * The FAQ of the home page in the page's language, as Markdown (the Markdown twin carries it
 * verbatim; marked renders it once for HTML). The questions and answers are messages; names the
 * operator supplies are escaped like catalog text.
 */
export function faqMarkdown(
  urls: SiteUrls,
  locale: Locale,
  agents: readonly Agent[],
  contactEmail: string,
): string {
  const values = {
    agents: agents.map((a) => esc(a.name)).join(', '),
    agentsUrl: `${urls.home()}#agents`,
    disclosure: esc(locale.m.disclosure.text),
    mcpUrl: urls.document('mcp'),
    apiDocsUrl: urls.apiDocs(),
    llmsTxtUrl: urls.document('llmsTxt'),
    email: esc(contactEmail),
  };
  return locale.m.faq.map(({ q, a }) => `### ${esc(q)}\n\n${locale.t(a, values)}\n`).join('\n');
}
