/** Revisions that open with an `initialize` handshake ("legacy" era), oldest first. */
export const LEGACY_VERSIONS = ['2025-03-26', '2025-06-18', '2025-11-25'] as const;
/** Revisions that carry their version in every request's `_meta` ("modern" era). */
export const MODERN_VERSIONS = ['2026-07-28'] as const;
/** Every revision served on `POST /mcp`, oldest first. */
export const SUPPORTED_VERSIONS = [...LEGACY_VERSIONS, ...MODERN_VERSIONS] as const;

export type LegacyVersion = (typeof LEGACY_VERSIONS)[number];
export type ModernVersion = (typeof MODERN_VERSIONS)[number];
export type ProtocolVersion = (typeof SUPPORTED_VERSIONS)[number];

/** The newest legacy revision: what `initialize` answers when the requested one is not served. */
export const NEWEST_LEGACY: LegacyVersion = '2025-11-25';
/**
 * What a request without `MCP-Protocol-Version` speaks (transports spec, 2025-06-18 and later:
 * "the server SHOULD assume protocol version 2025-03-26"), so batches stay allowed for it.
 */
export const DEFAULT_LEGACY: LegacyVersion = '2025-03-26';

/** `_meta` keys of the 2026-07-28 per-request envelope. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

export function isSupportedVersion(value: unknown): value is ProtocolVersion {
  return (SUPPORTED_VERSIONS as readonly unknown[]).includes(value);
}

export function isLegacyVersion(value: unknown): value is LegacyVersion {
  return (LEGACY_VERSIONS as readonly unknown[]).includes(value);
}

export function isModernVersion(value: unknown): value is ModernVersion {
  return (MODERN_VERSIONS as readonly unknown[]).includes(value);
}

/** Batches exist in 2025-03-26 only; 2025-06-18 removed them and no later revision brought them back. */
export function allowsBatches(version: ProtocolVersion): boolean {
  return version === '2025-03-26';
}

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/**
 * The value of an `Mcp-Name` header: a plain ASCII value as is, a `=?base64?…?=` sentinel decoded
 * (2026-07-28, "Value Encoding"). `undefined` for an absent header.
 */
export function decodeHeaderValue(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = SENTINEL.exec(value);
  return match ? Buffer.from(match[1] ?? '', 'base64').toString('utf8') : value;
}
