import { Type } from 'typebox';
import { AGENT_IDS } from '../../agents/agent.js';
import { CATEGORY_IDS } from '../../categories.js';
import { CURRENCIES } from '../../currency/currencies.js';
import { MARKETPLACES } from '../../product.js';

// Building blocks of the tool schemas. Enums are written as `{ type: 'string', enum: [...] }`
// rather than unions of literals: a union emits `anyOf` + `const`, which OpenAPI 3.0.3 cannot
// express and some MCP clients render poorly.

/** Agent identifier argument. */
export const agentIdSchema = (description: string) =>
  Type.Enum(AGENT_IDS, { type: 'string', description });

/** Category identifier argument. */
export const categoryIdSchema = (description: string) =>
  Type.Enum(CATEGORY_IDS, { type: 'string', description });

/** Display currency argument, USD unless given. */
export const currencySchema = (description: string) =>
  Type.Enum(CURRENCIES, { type: 'string', default: 'USD', description });

/** Marketplace of a listing. */
export const marketplaceSchema = () =>
  Type.Enum(MARKETPLACES, { type: 'string', description: 'Marketplace of the original listing.' });

/** An amount in CNY, the currency agents charge in. */
export const cnyAmountSchema = (description: string) =>
  Type.Object(
    {
      amount: Type.Number({ minimum: 0, description: 'Amount, rounded to cents.' }),
      currency: Type.Enum(['CNY'], { type: 'string', description: 'Always CNY.' }),
    },
    { additionalProperties: false, description },
  );

/** An amount converted into the requested display currency. */
export const convertedAmountSchema = (description: string) =>
  Type.Object(
    {
      amount: Type.Number({ minimum: 0, description: 'Amount, rounded to cents.' }),
      currency: Type.Enum(CURRENCIES, { type: 'string', description: 'Currency of the amount.' }),
    },
    { additionalProperties: false, description },
  );

/** The disclosure text every result with affiliate links carries. */
export const disclosureSchema = () =>
  Type.String({
    description: 'Affiliate disclosure. Show it to the user wherever the links are shown.',
  });

/** An absolute URL. */
export const urlSchema = (description: string) => Type.String({ format: 'uri', description });
