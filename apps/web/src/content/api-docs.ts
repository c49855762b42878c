import type { SiteUrls } from '@repo/catalog-core';
import { CURRENCIES, SERVICE_INFO, TOOL_CONTRACTS, type ToolContract } from '@repo/catalog-core';
import { TOOL_EXAMPLES } from './tool-examples.js';

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  items?: JsonSchema;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

function typeOf(s: JsonSchema): string {
  if (s.enum) return `one of ${s.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  if (s.type === 'array') return `array of ${s.items ? typeOf(s.items) : 'values'}`;
  const range =
    s.minimum !== undefined && s.maximum !== undefined ? ` ${s.minimum}–${s.maximum}` : '';
  return `${s.type ?? 'value'}${range}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function argumentsTable(tool: ToolContract): string {
  const schema = tool.inputSchema as JsonSchema;
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return 'No arguments.';
  const required = new Set(schema.required ?? []);
  const rows = props.map(
    ([name, s]) =>
      `| \`${name}\` | ${cell(typeOf(s))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(s.description ?? '')}${
        s.default !== undefined ? ` Default: \`${JSON.stringify(s.default)}\`.` : ''
      } |`,
  );
  return ['| Argument | Type | Required | Description |', '|---|---|---|---|', ...rows].join('\n');
}

function resultFields(tool: ToolContract): string {
  const props = (tool.outputSchema as JsonSchema).properties ?? {};
  return Object.entries(props)
    .map(
      ([name, s]) => `\`${name}\`${s.description ? ` (${s.description.replace(/\.$/, '')})` : ''}`,
    )
    .join(', ');
}

function toolSection(urls: SiteUrls, tool: ToolContract): string {
  const call = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: tool.name, arguments: TOOL_EXAMPLES[tool.name] },
  };
  return `### \`${tool.name}\`: ${tool.title}

${tool.description}

${argumentsTable(tool)}

Result (\`structuredContent\`, also as JSON text in \`content\`): ${resultFields(tool)}.

\`\`\`sh
curl -s ${urls.document('mcp')} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\
  -d '${JSON.stringify(call)}'
\`\`\``;
}

/**
 * The API documentation page, in Markdown, built from the tool contracts (the same schemas the
 * MCP server validates with and the OpenAPI document publishes).
 */
export function apiDocsMarkdown(urls: SiteUrls, contactEmail: string): string {
  return `${SERVICE_INFO.description}

No credentials are needed anywhere. Usage policy: ${SERVICE_INFO.policy.join(' ')} Contact for
higher-volume access: ${contactEmail}.

## MCP server

\`POST ${urls.document('mcp')}\` is a stateless MCP server (Streamable HTTP, JSON responses, no session):
send one JSON-RPC 2.0 request per POST with \`Content-Type: application/json\`. \`initialize\` is
optional; \`tools/list\` and \`tools/call\` work on their own. Notifications get \`202\`; \`GET /mcp\`
gets \`405\`. The server card is at [${urls.wellKnown('mcp/server-card.json')}](${urls.wellKnown('mcp/server-card.json')}).

\`\`\`sh
curl -s ${urls.document('mcp')} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
\`\`\`

${TOOL_CONTRACTS.map((t) => toolSection(urls, t)).join('\n\n')}

## Optional access token

A token is never required; it only makes your requests attributable (and gives them their own
rate-limit budget). Discovery: [protected resource metadata](${urls.wellKnown('oauth-protected-resource')})
→ [authorization server metadata](${urls.wellKnown('oauth-authorization-server')}) → token request →
\`Authorization: Bearer <token>\` on any request. Details: [auth.md](${urls.document('authMd')}).

\`\`\`sh
curl -s ${urls.document('oauthToken')} -d grant_type=client_credentials -d client_id=my-agent -d scope=public
\`\`\`

The answer is \`{"access_token": "…", "token_type": "Bearer", "expires_in": 3600, "scope": "public"}\`:
an ES256-signed JWT, valid one hour, verifiable with [${urls.wellKnown('jwks.json')}](${urls.wellKnown('jwks.json')}).
There is no refresh: ask again.

## Searching in a shopper's words

\`search_products\` and the \`q\` of \`${urls.catalog()}\` read text the same way: nicknames
(\`aj1\`, \`tnf\`), typos (two swapped letters are one), everyday and Spanish, Portuguese or
French words for a category (\`kicks\`, \`zapatillas\`, \`calças\`), prices (\`under $50\`,
\`menos de 30 euros\`, \`between 200 and 400 yuan\`), sizes (read, not filtered) and budget
words (\`cheap\`: cheapest first). Filler words are dropped. When no product matches every
word, the least informative words are left out, and when nothing matches at all the answer
suggests spellings from the catalog. The tool's \`interpretation\` and the page's "Showing
results for …" line say how the text was read; \`literal: true\` (tool) or \`literal=1\` (page)
searches the words exactly as given. Explicit filters always win over what the text says.

## A preferred agent

Add \`agent\` (\`agent_a\`, \`agent_b\` or \`agent_c\`) to the query of any page, HTML or
Markdown (\`${urls.catalog({ q: 'jordan', agent: 'agent_b' }, 'md')}\`): that agent's buy links come
first and are marked "your agent", the home page lists it first, and every link the page makes to
another page keeps the parameter (forms carry it as a hidden field), so the preference survives
navigation without a cookie. It is a preference, not another page: canonical links and the
sitemap never carry it. An agent that is not taking orders is a 400; the spreadsheets keep showing
their own agent's links. The MCP tool \`search_products\` has its own \`agent\` argument.

## Languages and currencies

Every page and its Markdown twin are written in English, Spanish, Portuguese, French, German and
Italian: \`lang\` (\`en\`, \`es\`, \`pt\`, \`fr\`, \`de\`, \`it\`) chooses, else \`Accept-Language\`, else
English; an unknown \`lang\` is English (200). \`currency\` (${CURRENCIES.join(', ')}) chooses the
currency prices are converted into, and the one \`min_price\`, \`max_price\` and prices in \`q\` are
read in; else the region of \`Accept-Language\` (\`pt-BR\`: BRL), else USD. Both are kept on every
link, like \`agent\`. Product titles, brands and tool results stay as the catalog has them.

## Pasting a link

A Weidian, Taobao, Tmall or 1688 listing link in any common form (mobile and share hosts,
\`itemID\`/\`id\`/\`offerId\` parameters, \`offer/<id>.html\` paths, tracking parameters,
percent-encoding, \`http://\`), or a product link of one of the agents, is read wherever a
search is: the \`q\` of \`${urls.catalog()}\` (and its \`.md\` twin, and the search boxes) and the
\`query\` of \`search_products\`. The link is parsed, never opened. When the catalog has the
listing, its product comes first; when it does not, the answer says so and still gives every
agent's buy link for it (affiliate links, disclosed). The tool's result carries a \`link\` object
(\`readable\`, \`marketplace\`, \`item_id\`, \`listing_url\`, \`catalogued\`, \`buy_links\`,
\`message\`); the page shows a card at the top. Short links (\`m.tb.cn\`, \`e.tb.cn\`) can't be read
without opening them and say so; other links that are not a listing get a message naming the
forms that are understood.

## Buy links and the popular order

Every buy link of a catalog product, on pages and in \`search_products\` results, is this site's
\`/go/{agent}/{slug}\`: a 302 to the agent's affiliate link for that product, disclosed and
\`rel="sponsored nofollow"\`, disallowed in robots.txt. Following it counts one click per
product, agent and day; a client's repeats within the hour, \`HEAD\`, prefetches and crawlers are
not counted, no cookie is set and no address or user agent is kept. \`sort=popular\` (pages) and
\`sort: "popular"\` (\`search_products\`) list the products clicked most in the last 30 days
first, the rest in the default order; the home page shows the week's most clicked products. A
listing that is not in the catalog keeps its direct agent links.

## Shipping calculator

\`${urls.shipping()}\` (and \`${urls.shipping({}, 'md')}\`) quotes every agent's lines to a \`country\`
(ISO 3166-1 alpha-2; any country a line serves) for a weight in grams (\`weight_grams\`) or
\`items\` (comma-separated product slugs, each optionally \`:quantity\`; a category id stands
for a typical item of it), with an optional box (\`length\`, \`width\`, \`height\` in cm): price in
CNY with USD and EUR, delivery days, billable weight, whether volume or weight decided it,
cheapest and fastest marked, and the assumptions. It runs the estimator of \`estimate_shipping\`
and takes its argument names, so both give the same quotes to the same question (\`weight\`, the
page's old name for \`weight_grams\`, is still read; given with a different \`weight_grams\`, it
is a \`400\`). \`add\` (a slug, a product page link or a catalogued listing link) adds one
more item to \`items\`, which the page's canonical URL, form and links then carry. Each product page has a country
selector that opens the calculator with that product. A value it cannot use (an unknown
country or slug, a negative weight) is a \`400\` page, in the representation asked for, naming it.
A parameter it does not know is ignored and named on the page, which still answers the rest
(\`200\`), with the closest known name (\`wieght\`: did you mean \`weight_grams\`?) or the list of
known ones; tracking parameters (\`utm_*\`, \`fbclid\`, \`gclid\`…) and the kept \`agent\`,
\`lang\` and \`currency\` are not unknown.

\`\`\`sh
curl -s '${urls.shipping({ country: 'PL', items: 'sneakers:2', length: 36, width: 26, height: 15 }, 'md')}'
\`\`\`

## Pages in Markdown

Every HTML page has a Markdown twin: send \`Accept: text/markdown\`, or add \`.md\` to the path
(\`${urls.home('md')}\`, \`${urls.catalog({ q: 'jordan' }, 'md')}\`, \`${urls.category('bags', {}, 'md')}\`,
\`${urls.baseUrl}/producto/{slug}.md\`, \`${urls.spreadsheet('agent_a', {}, 'md')}\`, \`${urls.shipping({}, 'md')}\`,
\`${urls.apiDocs('md')}\`).

## Discovery documents

| Document | URL |
|---|---|
| OpenAPI 3.0.3 description | [${urls.document('openapi')}](${urls.document('openapi')}) |
| API catalog (RFC 9727) | [${urls.wellKnown('api-catalog')}](${urls.wellKnown('api-catalog')}) |
| AI catalog | [${urls.wellKnown('ai-catalog.json')}](${urls.wellKnown('ai-catalog.json')}) |
| Agent skills index | [${urls.wellKnown('agent-skills/index.json')}](${urls.wellKnown('agent-skills/index.json')}) |
| MCP server card | [${urls.wellKnown('mcp/server-card.json')}](${urls.wellKnown('mcp/server-card.json')}) |
| OAuth protected resource (RFC 9728) | [${urls.wellKnown('oauth-protected-resource')}](${urls.wellKnown('oauth-protected-resource')}) |
| OAuth authorization server (RFC 8414) | [${urls.wellKnown('oauth-authorization-server')}](${urls.wellKnown('oauth-authorization-server')}) |
| JSON Web Key Set | [${urls.wellKnown('jwks.json')}](${urls.wellKnown('jwks.json')}) |
| Agent registration (auth.md) | [${urls.document('authMd')}](${urls.document('authMd')}) |
| Health | [${urls.document('health')}](${urls.document('health')}) |
| llms.txt | [${urls.document('llmsTxt')}](${urls.document('llmsTxt')}) |
| robots.txt | [${urls.document('robots')}](${urls.document('robots')}) |
| Sitemap | [${urls.document('sitemap')}](${urls.document('sitemap')}) |
`;
}
