import { createHash } from 'node:crypto';
import type { SiteUrls } from '@repo/catalog-core';
import { SERVICE_INFO, TOOL_CONTRACTS } from '@repo/catalog-core';
import { type Static, Type } from 'typebox';

/** The `$schema` of the Agent Skills discovery index, v0.2.0. */
export const SKILLS_SCHEMA_URL = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** `/.well-known/agent-skills/index.json` (Agent Skills discovery v0.2.0). */
export const SkillsIndexSchema = Type.Object({
  $schema: Type.Literal(SKILLS_SCHEMA_URL),
  skills: Type.Array(
    Type.Object({
      name: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 }),
      type: Type.Literal('skill-md'),
      description: Type.String({ maxLength: 1024 }),
      url: Type.String({ format: 'uri' }),
      digest: Type.String({ pattern: '^sha256:[0-9a-f]{64}$' }),
    }),
  ),
});

/** A skill: its name, description and the exact SKILL.md text served. */
export interface Skill {
  readonly name: string;
  readonly description: string;
  readonly body: string;
  /** `sha256:` + hex of the UTF-8 bytes of `body`, the bytes served. */
  readonly digest: string;
}

function skill(name: string, description: string, text: string): Skill {
  const body = `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n${text.trim()}\n`;
  return {
    name,
    description,
    body,
    digest: `sha256:${createHash('sha256').update(body, 'utf8').digest('hex')}`,
  };
}

/** The skills the service publishes, with their SKILL.md text, built once from the site's URLs. */
export function buildSkills(urls: SiteUrls): readonly Skill[] {
  const tools = TOOL_CONTRACTS.map((t) => `- \`${t.name}\`: ${t.title}.`).join('\n');
  return [
    skill(
      'catalog-search',
      `Find products of the ${SERVICE_INFO.title} (Weidian, Taobao, 1688) with prices, QC photos and shopping-agent buy links, through MCP or Markdown pages. No credentials needed.`,
      `# Catalog search

${SERVICE_INFO.description}

## Through MCP (preferred)

POST JSON-RPC 2.0 to \`${urls.document('mcp')}\` (stateless, no session, \`Content-Type: application/json\`).
Tools:

${tools}

1. \`list_categories\` gives the 14 category ids.
2. \`search_products\` with \`query\`, \`category\`, \`min_price\`/\`max_price\` (+ \`currency\`), \`sort\`, \`limit\`, \`offset\`.
   Pass the user's own words as \`query\` (nicknames, typos, other languages, a budget): the
   answer's \`interpretation\` says how they were read; \`literal: true\` searches them as given.
   A listing link the user pastes (Weidian, Taobao, Tmall, 1688, or an agent's product link) goes
   in \`query\` as it is: the answer's \`link\` says whether the catalog has it and gives every
   agent's buy link for it. "What's popular" is \`sort: "popular"\`: the products shoppers
   clicked through to an agent most in the last 30 days first.
3. Show each item's title, price (CNY with the converted price), and the buy links as given
   (this catalog's \`/go/\` links lead to the agent's page).
4. Always show the returned \`disclosure\` text next to the links: they are affiliate links.

## Through Markdown pages

- Search: \`${urls.catalog({ q: 'jordan 4', sort: 'price_asc', page: 1 }, 'md')}\`
- Category: \`${urls.category('sneakers', {}, 'md')}\`
- Product: \`${urls.baseUrl}/producto/{slug}.md\`

Policy: ${SERVICE_INFO.policy.join(' ')}`,
    ),
    skill(
      'shipping-and-agents',
      'Compare the three shopping agents (offers, fees, shipping lines) and estimate international shipping for a parcel of catalog products.',
      `# Shipping and agents

1. \`get_agent_offers\` (MCP at \`${urls.document('mcp')}\`) lists each agent: verified flag, sign-up coupons,
   fees, shipping lines with delivery days and countries, a sign-up link and a spreadsheet URL.
2. \`estimate_shipping\` with \`country\` (ISO 3166-1 alpha-2) and either \`weight_grams\` or
   \`items\` ([{slug or category, quantity}]); add \`dimensions_cm\` for boxed items such as sneakers.
   It returns one quote per agent and line, cheapest first, with the lines that cannot carry the parcel.
3. Figures are estimates; the agent quotes the final price after weighing the parcel.
4. Sign-up and buy links are affiliate links: show the \`disclosure\` text with them.

Human-readable: the calculator at ${urls.shipping({}, 'md')}?country=US&items={slug}:2 (the same
quotes as \`estimate_shipping\`), ${urls.home()}#agents and the spreadsheets at
${urls.spreadsheet('agent_a', {}, 'md')} (agent_b, agent_c).`,
    ),
  ];
}

/** The skills index, with each skill's URL and digest. */
export function skillsIndex(
  urls: SiteUrls,
  skills: readonly Skill[],
): Static<typeof SkillsIndexSchema> {
  return {
    $schema: SKILLS_SCHEMA_URL,
    skills: skills.map((s) => ({
      name: s.name,
      type: 'skill-md' as const,
      description: s.description,
      url: `${urls.skill(s.name)}`,
      digest: s.digest,
    })),
  };
}
