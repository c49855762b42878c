import { Compile } from 'typebox/compile';
import { CatalogError } from '../errors.js';
import { MARKETPLACES } from '../product.js';
import { isCountryCode } from '../shipping/countries.js';
import { AGENT_IDS, type Agent, AgentsFileSchema } from './agent.js';
import { agentProductUrl, parseHttpsUrl } from './links.js';

const checkFile = Compile(AgentsFileSchema);

// Schema errors come one per failed branch; a file with a typo in every agent would otherwise
// produce a wall of text. The first few name the problem well enough to fix and re-run.
const MAX_REPORTED = 8;

function fail(problems: readonly string[]): never {
  const shown = problems.slice(0, MAX_REPORTED);
  const more =
    problems.length > shown.length ? `\n  ...and ${problems.length - shown.length} more` : '';
  throw new CatalogError('AGENTS_INVALID', `Invalid agents file:\n  ${shown.join('\n  ')}${more}`);
}

function duplicates(values: readonly string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

/** Checks what JSON Schema cannot say: uniqueness, cross-field rules, and that links really build. */
function semanticProblems(agents: readonly Agent[]): string[] {
  const problems: string[] = [];
  const ids = agents.map((a) => a.id);
  for (const id of duplicates(ids)) problems.push(`/agents: agent "${id}" appears more than once`);
  for (const id of AGENT_IDS)
    if (!ids.includes(id)) problems.push(`/agents: agent "${id}" is missing`);

  agents.forEach((agent, i) => {
    const at = `/agents/${i}`;
    const template = agent.link.template;
    const placeholders: string[] = template.match(/\{[^}]*\}/g) ?? [];
    const before = problems.length;
    for (const p of placeholders) {
      if (!['{id}', '{raw}', '{platform}'].includes(p)) {
        problems.push(
          `${at}/link/template: unknown placeholder ${p} (use {id}, {raw}, {platform})`,
        );
      }
    }
    if (!placeholders.includes('{id}') && !placeholders.includes('{raw}')) {
      problems.push(`${at}/link/template: must contain {id} or {raw} to identify the item`);
    } else if (problems.length === before) {
      // Only worth building sample links once the placeholders are right.
      for (const m of MARKETPLACES) {
        try {
          agentProductUrl(agent, m, '1234567890');
        } catch (err) {
          problems.push(`${at}/link: ${(err as Error).message}`);
        }
      }
    }
    for (const [field, value] of [
      ['homepage', agent.homepage],
      ['signup_url', agent.signup_url],
    ] as const) {
      if (!parseHttpsUrl(value)) problems.push(`${at}/${field}: not an absolute https URL`);
    }
    for (const id of duplicates(agent.offers.map((o) => o.id))) {
      problems.push(`${at}/offers: offer id "${id}" appears more than once`);
    }
    for (const id of duplicates(agent.shipping_lines.map((l) => l.id))) {
      problems.push(`${at}/shipping_lines: line id "${id}" appears more than once`);
    }
    agent.shipping_lines.forEach((line, j) => {
      const lat = `${at}/shipping_lines/${j}`;
      if (line.delivery_days.min > line.delivery_days.max) {
        problems.push(`${lat}/delivery_days: min is greater than max`);
      }
      const countries = line.rates.map((r) => r.country);
      for (const c of duplicates(countries))
        problems.push(`${lat}/rates: country ${c} appears twice`);
      for (const c of [...countries, ...(line.excluded_countries ?? [])]) {
        if (c !== '*' && !isCountryCode(c)) problems.push(`${lat}: ${c} is not an ISO 3166-1 code`);
      }
    });
  });
  return problems;
}

/**
 * Validates an operator's agents file (already parsed from JSON) and returns its agents: the file
 * must match {@link AgentsFileSchema}, define each of `agent_a`, `agent_b`, `agent_c` once, and
 * every link template must build a valid URL for every marketplace. Reading the file is the
 * caller's job; this stays free of I/O.
 *
 * @throws {CatalogError} `AGENTS_INVALID`, the message listing each problem as `path: reason`.
 * @example
 * const agents = parseAgentsConfig(JSON.parse(await readFile('agents.json', 'utf8')));
 */
export function parseAgentsConfig(value: unknown): Agent[] {
  if (!checkFile.Check(value)) {
    fail(
      [...checkFile.Errors(value)]
        // `additionalProperties: false` reports twice (a boolean-schema error and the keyword);
        // the keyword's own error names the offending property, so keep only that one.
        .filter((e) => e.keyword !== 'boolean')
        .map((e) => {
          const extra = (e.params as { additionalProperties?: string[] }).additionalProperties;
          const detail = extra ? ` (${extra.join(', ')})` : '';
          return `${e.instancePath || '/'}: ${e.message}${detail}`;
        }),
    );
  }
  const agents = value.agents;
  const problems = semanticProblems(agents);
  if (problems.length > 0) fail(problems);
  return agents;
}
