import { type Static, Type } from 'typebox';
import { AGENT_STATUSES } from '../../agents/agent.js';
import { AgentFeesSchema, AgentOfferSchema } from '../../agents/offer.js';
import { LINE_FAMILIES } from '../../shipping/shipping-line.js';
import { agentIdSchema, disclosureSchema, urlSchema } from './shared-schemas.js';

/** Arguments of `get_agent_offers`. */
export const GetAgentOffersInputSchema = Type.Object(
  {
    agent: Type.Optional(agentIdSchema('Only this agent. Default: all three agents.')),
  },
  { additionalProperties: false },
);

/** Arguments of `get_agent_offers` (see {@link GetAgentOffersInputSchema}). */
export type GetAgentOffersInput = Static<typeof GetAgentOffersInputSchema>;

/** A shipping line as tool results show it: what it is and where it goes, without rate tables. */
export const ShippingLineSummarySchema = Type.Object(
  {
    id: Type.String({ description: 'Line identifier; pass it as `line` to estimate_shipping.' }),
    name: Type.String(),
    family: Type.Enum(LINE_FAMILIES, { type: 'string', description: 'Kind of service.' }),
    delivery_days: Type.Object(
      { min: Type.Integer({ minimum: 0 }), max: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false, description: 'Typical delivery time after dispatch.' },
    ),
    countries: Type.Array(Type.String(), {
      description: 'ISO 3166-1 alpha-2 codes served; "*" means every other country as well.',
    }),
    max_weight_grams: Type.Integer({ minimum: 1 }),
    tax_included: Type.Boolean({ description: 'Duties and import VAT are prepaid (DDP).' }),
  },
  { additionalProperties: false },
);

/** One agent of a `get_agent_offers` result. */
export const AgentOffersSchema = Type.Object(
  {
    id: agentIdSchema('Agent identifier.'),
    name: Type.String({ description: 'Display name.' }),
    verified: Type.Boolean({ description: 'The catalog operator has ordered through this agent.' }),
    status: Type.Enum(AGENT_STATUSES, { type: 'string' }),
    homepage: urlSchema('Home page of the agent.'),
    offers: Type.Array(AgentOfferSchema, { description: 'Sign-up coupons, discounts, credits.' }),
    fees: AgentFeesSchema,
    shipping_lines: Type.Array(ShippingLineSummarySchema),
    signup_url: urlSchema('Registration link carrying the affiliate code (sponsored).'),
    spreadsheet_url: urlSchema('The catalog as a spreadsheet-style table with this agent’s links.'),
  },
  { additionalProperties: false },
);

/** One agent of a `get_agent_offers` result (see {@link AgentOffersSchema}). */
export type AgentOffers = Static<typeof AgentOffersSchema>;

/** Result of `get_agent_offers`. */
export const GetAgentOffersOutputSchema = Type.Object(
  {
    agents: Type.Array(AgentOffersSchema),
    disclosure: disclosureSchema(),
  },
  { additionalProperties: false },
);

/** Result of `get_agent_offers` (see {@link GetAgentOffersOutputSchema}). */
export type GetAgentOffersOutput = Static<typeof GetAgentOffersOutputSchema>;
