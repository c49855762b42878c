import type { Agent, SiteUrls } from '@repo/catalog-core';
import { CATEGORIES, CURRENCIES, SERVICE_INFO, TOOL_CONTRACTS } from '@repo/catalog-core';
import { firstSentence } from './first-sentence.js';

/**
 * `/llms.txt` (llmstxt.org): the service description, the policy and links to the Markdown
 * twins and documents an agent should read first, from the same texts as the other documents.
 */
export function llmsTxt(urls: SiteUrls, agents: readonly Agent[], contactEmail: string): string {
  return `# ${SERVICE_INFO.title}

> ${SERVICE_INFO.description}

Usage policy: ${SERVICE_INFO.policy.join(' ')} Contact: ${contactEmail}.

## Docs

- [API and MCP documentation](${urls.apiDocs('md')}): the MCP tools with their arguments, the optional token, every discovery document
- [OpenAPI 3.0.3](${urls.document('openapi')}): every public HTTP endpoint
- [auth.md](${urls.document('authMd')}): the optional access token (no credential is needed)

## MCP tools (POST ${urls.document('mcp')}, JSON-RPC 2.0, stateless)

${TOOL_CONTRACTS.map((t) => `- ${t.name}: ${firstSentence(t.description)}`).join('\n')}

## Catalog (Markdown)

- [Home](${urls.home('md')}): featured products, verified agents, FAQ
- [Search](${urls.catalog({}, 'md')}?q=): add words to \`q\`, or paste a Weidian, Taobao, Tmall, 1688 or agent product link to get that listing and every agent's buy link for it; also \`category\`, \`sort\`, \`min_price\`, \`max_price\`, \`page\`
- [Shipping calculator](${urls.shipping({ country: 'US', weight_grams: 1000 }, 'md')}): every agent's lines to a \`country\` for a weight in grams (\`weight_grams\`) or \`items\` (slug:quantity, comma-separated), with an optional box (\`length\`, \`width\`, \`height\` in cm); the same argument names and figures as estimate_shipping
${CATEGORIES.map((c) => `- [${c.name}](${urls.category(c.id, {}, 'md')}): ${c.description}`).join('\n')}

A preferred agent: add \`agent=agent_a\` (or \`agent_b\`, \`agent_c\`) to any page's query: that agent's buy links come first, marked "your agent", and every link of the page keeps the parameter. Without it the order is the usual one.

Languages and currencies: add \`lang\` (\`en\`, \`es\`, \`pt\`, \`fr\`, \`de\`, \`it\`; else Accept-Language decides) and \`currency\` (${CURRENCIES.join(', ')}) to any page's query: the page is written in that language, converts prices into that currency (and reads \`min_price\`, \`max_price\` and prices in \`q\` in it), and every link keeps both.

## Spreadsheets (Markdown)

${agents
  .filter((a) => a.status !== 'closed')
  .map(
    (a) =>
      `- [${a.name}](${urls.spreadsheet(a.id, {}, 'md')}): the whole catalog with ${a.name} buy links`,
  )
  .join('\n')}

## Optional

- [API catalog](${urls.wellKnown('api-catalog')})
- [AI catalog](${urls.wellKnown('ai-catalog.json')})
- [Agent skills](${urls.wellKnown('agent-skills/index.json')})
- [MCP server card](${urls.wellKnown('mcp/server-card.json')})
- [Sitemap](${urls.document('sitemap')})
`;
}
