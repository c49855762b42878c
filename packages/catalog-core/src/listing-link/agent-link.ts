import type { Agent } from '../agents/agent.js';
import { MARKETPLACES, type Marketplace } from '../product.js';
import { paramOf } from './link-text.js';

/** What a link template's placeholders captured from a link. */
export interface AgentLinkParts {
  readonly id?: string;
  readonly raw?: string;
  readonly platform?: string;
}

type Key = keyof AgentLinkParts;

/** One part of a template (the path, a query value, the fragment) as a pattern with its keys. */
interface PartPattern {
  readonly pattern: RegExp;
  readonly keys: readonly Key[];
}

/** An agent's link template turned inside out: what a link must look like, where each value is. */
interface AgentLinkPattern {
  readonly host: string;
  readonly path: PartPattern;
  readonly query: ReadonlyMap<string, PartPattern>;
  readonly hash?: PartPattern;
}

// Letters only, so that the URL parser keeps them as they are wherever they stand.
const TOKENS: Readonly<Record<Key, string>> = {
  id: 'zqzplaceholderidzqz',
  raw: 'zqzplaceholderrawzqz',
  platform: 'zqzplaceholderplatformzqz',
};
const GROUPS: Readonly<Record<Key, string>> = {
  id: '([0-9]{5,20})',
  raw: '(.+)',
  platform: '([^/?#&]+?)',
};
const TOKEN_PATTERN = new RegExp(Object.values(TOKENS).join('|'), 'g');
const HAS_TOKEN = new RegExp(Object.values(TOKENS).join('|'));

const patterns = new WeakMap<Agent['link'], AgentLinkPattern | null>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern matching a whole part, each placeholder token a capture group. */
function partPattern(text: string, trailingSlash = false): PartPattern {
  const keys: Key[] = [];
  let source = '';
  let at = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    source += escapeRegExp(text.slice(at, match.index));
    const key = (Object.keys(TOKENS) as Key[]).find((k) => TOKENS[k] === match[0]) as Key;
    source += GROUPS[key];
    keys.push(key);
    at = match.index + match[0].length;
  }
  source += escapeRegExp(text.slice(at));
  if (trailingSlash) source = `${source.replace(/\/$/, '')}/?`;
  return { pattern: new RegExp(`^${source}$`, 'i'), keys };
}

/**
 * Compiles a link template into the pattern its links follow, once per template. `null` for a
 * template whose host holds a placeholder: such links cannot be recognised by their site.
 */
function compile(link: Agent['link']): AgentLinkPattern | null {
  const cached = patterns.get(link);
  if (cached !== undefined) return cached;
  let compiled: AgentLinkPattern | null = null;
  try {
    const url = new URL(
      link.template.replace(/\{(id|raw|platform)\}/g, (_, key: Key) => TOKENS[key]),
    );
    if (!HAS_TOKEN.test(url.hostname)) {
      const query = new Map<string, PartPattern>();
      for (const [name, value] of url.searchParams) {
        if (HAS_TOKEN.test(value)) query.set(name, partPattern(value));
      }
      const hash = HAS_TOKEN.test(url.hash) ? partPattern(decodeHash(url.hash)) : undefined;
      compiled = {
        host: bareHost(url.hostname),
        path: partPattern(url.pathname, true),
        query,
        ...(hash ? { hash } : {}),
      };
    }
  } catch {
    // A template that does not parse builds no link either (parseAgentsConfig refuses it).
  }
  patterns.set(link, compiled);
  return compiled;
}

function bareHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

function capture(part: PartPattern, text: string, into: Record<Key, string | undefined>): boolean {
  const match = part.pattern.exec(text);
  if (!match) return false;
  part.keys.forEach((key, index) => {
    into[key] = match[index + 1];
  });
  return true;
}

/**
 * The parts an agent's product link carries, read with the agent's own link rule: its template
 * inverted. `undefined` when the link is not one of this agent's product links (another site,
 * another page of the site). Extra query parameters (the referral code, tracking) are ignored.
 */
export function readAgentUrl(agent: Agent, url: URL): AgentLinkParts | undefined {
  const pattern = compile(agent.link);
  if (!pattern || bareHost(url.hostname) !== pattern.host) return undefined;
  const parts: Record<Key, string | undefined> = {
    id: undefined,
    raw: undefined,
    platform: undefined,
  };
  let path = url.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // Keep the path as written; a bad escape cannot match a template's digits anyway.
  }
  if (!capture(pattern.path, path, parts)) return undefined;
  for (const [name, part] of pattern.query) {
    const value = paramOf(url, name);
    if (value === undefined || !capture(part, value, parts)) return undefined;
  }
  if (pattern.hash && !capture(pattern.hash, decodeHash(url.hash), parts)) return undefined;
  const { id, raw, platform } = parts;
  return {
    ...(id !== undefined ? { id } : {}),
    ...(raw !== undefined ? { raw } : {}),
    ...(platform !== undefined ? { platform } : {}),
  };
}

/** The marketplace an agent's platform code stands for (`WEIDIAN`, `2`…), any case. */
export function marketplaceOfCode(agent: Agent, code: string): Marketplace | undefined {
  const codes = agent.link.platform_codes;
  if (!codes) return undefined;
  return MARKETPLACES.find((m) => codes[m].toLowerCase() === code.toLowerCase());
}
