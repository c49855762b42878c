import { SERVICE_INFO } from '@repo/catalog-core';
import {
  isLegacyVersion,
  LEGACY_VERSIONS,
  type LegacyVersion,
  MODERN_VERSIONS,
  NEWEST_LEGACY,
} from './versions.js';

/** What the server offers: tools only, and a list that never changes while it runs. */
export const CAPABILITIES = Object.freeze({ tools: Object.freeze({ listChanged: false }) });

/** How long clients may reuse `tools/list` and `server/discover` (2026-07-28 `ttlMs`). */
export const LIST_TTL_MS = 3_600_000;

/**
 * The usage guide `initialize` and `server/discover` hand to the agent (hosts put it in the system
 * prompt): which tool answers what, how they chain, and the disclosure duty of the usage policy.
 */
export const INSTRUCTIONS = [
  `${SERVICE_INFO.title}: ${SERVICE_INFO.description}`,
  '',
  'How to use the tools:',
  '1. list_categories gives the 14 category ids with product counts.',
  '2. search_products finds products by words, category and price (min_price/max_price in `currency`, USD by default); page with `offset` = the `next_offset` of the previous page. Each item carries its product page, its Markdown page, the original marketplace listing, QC photos and one buy link per agent.',
  '3. estimate_shipping prices a parcel to a country (ISO 3166-1 alpha-2, e.g. US, GB, DE) from item slugs of search_products, categories or a weight.',
  '4. get_agent_offers compares the shopping agents: coupons, fees, shipping lines, sign-up links.',
  '',
  'Agent buy links and sign-up links are affiliate links: whenever you show them to a user, also show the `disclosure` text of the same result. Prices are in CNY with indicative conversions; the agent confirms final amounts.',
  ...SERVICE_INFO.policy.map((line) => `- ${line}`),
].join('\n');

/** `serverInfo` as each revision defines it: `title` from 2025-06-18, `description` from 2025-11-25. */
export function serverInfoFor(version: LegacyVersion | 'modern', websiteUrl: string) {
  const info: Record<string, string> = { name: SERVICE_INFO.name, version: SERVICE_INFO.version };
  if (version !== '2025-03-26') info.title = SERVICE_INFO.title;
  if (version === '2025-11-25' || version === 'modern') {
    info.description = SERVICE_INFO.description;
    info.websiteUrl = websiteUrl;
  }
  return info;
}

/** The `initialize` results, one per legacy revision, serialised once. */
export function initializeResults(websiteUrl: string): ReadonlyMap<LegacyVersion, string> {
  return new Map(
    LEGACY_VERSIONS.map((version) => [
      version,
      JSON.stringify({
        protocolVersion: version,
        capabilities: CAPABILITIES,
        serverInfo: serverInfoFor(version, websiteUrl),
        instructions: INSTRUCTIONS,
      }),
    ]),
  );
}

/** Echo a requested revision this server speaks, else answer with the newest legacy one. */
export function negotiateLegacy(requested: unknown): LegacyVersion {
  return isLegacyVersion(requested) ? requested : NEWEST_LEGACY;
}

/** The 2026-07-28 `server/discover` result before the per-result envelope is added. */
export function discoverResult(): string {
  // Only modern revisions: legacy ones are negotiated through `initialize`, as the SDK does.
  return JSON.stringify({
    supportedVersions: MODERN_VERSIONS,
    capabilities: CAPABILITIES,
    instructions: INSTRUCTIONS,
    ttlMs: LIST_TTL_MS,
    cacheScope: 'public',
  });
}
