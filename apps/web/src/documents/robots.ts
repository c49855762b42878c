import type { SiteUrls } from '@repo/catalog-core';
import { SERVICE_INFO } from '@repo/catalog-core';

/** AI crawlers named in their own group, so that scanners and the crawlers see an explicit rule. */
export const AI_CRAWLERS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'Amazonbot',
  'Bytespider',
  'meta-externalagent',
] as const;

/**
 * `/robots.txt`: everything allowed but the counted buy-link redirects (`/go/`: a crawler
 * following them would count as a shopper and land on an agent's page), the content signal in
 * every group (use for search and as input to answers, not for training) and the sitemap.
 */
export function robotsTxt(urls: SiteUrls): string {
  const signal = `Content-Signal: ${SERVICE_INFO.contentSignal}`;
  return [
    `# ${SERVICE_INFO.title}: usage policy`,
    ...SERVICE_INFO.policy.map((line) => `# - ${line}`),
    '#',
    '# Content signals (https://contentsignals.org): search=yes allows building a search index and',
    '# showing links and short excerpts; ai-input=yes allows using the content as input to AI',
    '# answers; ai-train=no forbids training or fine-tuning AI models on it.',
    '',
    'User-agent: *',
    signal,
    'Disallow: /go/',
    'Allow: /',
    '',
    ...AI_CRAWLERS.map((ua) => `User-agent: ${ua}`),
    signal,
    'Disallow: /go/',
    'Allow: /',
    '',
    `Sitemap: ${urls.document('sitemap')}`,
    '',
  ].join('\n');
}
