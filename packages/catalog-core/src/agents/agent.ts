import { type Static, Type } from 'typebox';
import { ShippingLineSchema } from '../shipping/shipping-line.js';
import { AgentFeesSchema, AgentOfferSchema } from './offer.js';

/**
 * The three neutral agent identifiers of the interface (`/spreadsheet/{agent}`). Which real agent
 * stands behind each one is the operator's choice, made in the agents file.
 */
export const AGENT_IDS = ['agent_a', 'agent_b', 'agent_c'] as const;
/** One of {@link AGENT_IDS}. */
export type AgentId = (typeof AGENT_IDS)[number];

/**
 * Tells whether a string is one of the three agent identifiers.
 *
 * @example isAgentId('agent_b') // true
 */
export function isAgentId(value: string): value is AgentId {
  return (AGENT_IDS as readonly string[]).includes(value);
}

/** `closed` agents keep their page for the record but never get a link (domain.md 4.3). */
export const AGENT_STATUSES = ['active', 'paused', 'closed'] as const;
/** One of {@link AGENT_STATUSES}. */
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** The placeholders a link template may use. */
export const LINK_PLACEHOLDERS = ['{id}', '{raw}', '{platform}'] as const;

// Written out rather than mapped from MARKETPLACES so that the static type keeps its keys; a test
// checks that the two lists agree.
const PLATFORM_CODE = Type.String({ minLength: 1, maxLength: 20 });

/**
 * How a marketplace listing becomes the agent's product link, as data because agents change their
 * formats (domain.md 1.4). `{id}` is the item id, `{raw}` the URL-encoded canonical listing URL,
 * `{platform}` the agent's code for the marketplace from `platform_codes`. The referral parameter
 * is appended by {@link agentProductUrl}, never written into the template.
 */
export const LinkRuleSchema = Type.Object(
  {
    template: Type.String({ minLength: 10, maxLength: 300 }),
    platform_codes: Type.Optional(
      Type.Object(
        { weidian: PLATFORM_CODE, taobao: PLATFORM_CODE, '1688': PLATFORM_CODE },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** How a listing becomes the agent's product link (see {@link LinkRuleSchema}). */
export type LinkRule = Static<typeof LinkRuleSchema>;

/**
 * A shopping agent as the operator configures it: identity, affiliate settings, link rule, offers,
 * fees and shipping lines. Field names are snake_case like every other wire and file format here.
 */
export const AgentSchema = Type.Object(
  {
    id: Type.Enum(AGENT_IDS, { type: 'string' }),
    name: Type.String({ minLength: 1, maxLength: 60 }),
    verified: Type.Boolean({ description: 'The operator has ordered through this agent.' }),
    status: Type.Enum(AGENT_STATUSES, { type: 'string' }),
    homepage: Type.String({ format: 'uri', pattern: '^https://', maxLength: 200 }),
    affiliate_code: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
    referral_param: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,31}$' }),
    signup_url: Type.String({ format: 'uri', pattern: '^https://', maxLength: 300 }),
    link: LinkRuleSchema,
    offers: Type.Array(AgentOfferSchema, { maxItems: 20 }),
    fees: AgentFeesSchema,
    shipping_lines: Type.Array(ShippingLineSchema, { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);

/** A shopping agent (see {@link AgentSchema}). */
export type Agent = Static<typeof AgentSchema>;

/**
 * The operator's agents file: the three agents, each in full. `$schema` is allowed so editors can
 * validate the file against a published copy of this schema.
 */
export const AgentsFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    agents: Type.Array(AgentSchema, { minItems: AGENT_IDS.length, maxItems: AGENT_IDS.length }),
  },
  { additionalProperties: false },
);

/** The operator's agents file (see {@link AgentsFileSchema}). */
export type AgentsFile = Static<typeof AgentsFileSchema>;
