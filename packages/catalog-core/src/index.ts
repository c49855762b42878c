// The public API of @repo/catalog-core. Adding a name here is an API decision: no `export *`.

// --- categories & products
export type { Category, CategoryId } from './categories.js';
export { CATEGORIES, CATEGORY_IDS, getCategory, isCategoryId } from './categories.js';
export type { CatalogErrorCode } from './errors.js';
export { CatalogError, isCatalogError } from './errors.js';
export type { Marketplace, Product } from './product.js';
export {
  MARKETPLACE_NAMES,
  MARKETPLACES,
  PRODUCT_FIELDS,
  ProductSchema,
  SLUG_PATTERN,
} from './product.js';

// --- service description & public URLs

export { SERVICE_INFO } from './service.js';
export {
  absoluteUrl,
  catalogUrl,
  categoryUrl,
  productUrl,
  shippingUrl,
  spreadsheetUrl,
} from './urls.js';

// --- agents, offers, links, shipping, currency, tool contracts

export type {
  Agent,
  AgentId,
  AgentStatus,
  AgentsFile,
  LinkRule,
} from './agents/agent.js';
export {
  AGENT_IDS,
  AGENT_STATUSES,
  AgentSchema,
  AgentsFileSchema,
  isAgentId,
  LINK_PLACEHOLDERS,
  LinkRuleSchema,
} from './agents/agent.js';
export { toAgentOffers } from './agents/agent-offers.js';
export { DEFAULT_AGENTS, getAgent } from './agents/default-agents.js';
export type { BuyLink } from './agents/links.js';
export { agentProductUrl, agentSignupUrl, buyLinks } from './agents/links.js';
export type { AgentFees, AgentOffer, OfferKind, OfferValueKind } from './agents/offer.js';
export {
  AgentFeesSchema,
  AgentOfferSchema,
  OFFER_KINDS,
  OFFER_VALUE_KINDS,
} from './agents/offer.js';
export { parseAgentsConfig } from './agents/parse-agents.js';
export type { Currency, CurrencyRates } from './currency.js';
export {
  CURRENCIES,
  convertPrice,
  DEFAULT_CURRENCY_RATES,
  formatPrice,
  isCurrency,
  roundCents,
  toCny,
} from './currency.js';
export type { DimensionsCm, LinePrice } from './shipping/billable-weight.js';
export { priceForWeight, volumetricWeightGrams } from './shipping/billable-weight.js';
export {
  COUNTRY_CODE_PATTERN,
  countryCodes,
  isCountryCode,
  normalizeCountry,
} from './shipping/countries.js';
export type { ServedCountry } from './shipping/countries-served.js';
export { countriesServed, countryName } from './shipping/countries-served.js';
export type { EstimateShippingOptions } from './shipping/estimate.js';
export { estimateShipping } from './shipping/estimate.js';
export type {
  ParcelItem,
  ParcelWeight,
  ResolveProduct,
  WeighedProduct,
} from './shipping/parcel-weight.js';
export { itemsWeight, PACKAGING_FACTOR } from './shipping/parcel-weight.js';
export type {
  LineFamily,
  ShippingLine,
  ShippingRate,
  VolumetricRule,
} from './shipping/shipping-line.js';
export {
  LINE_FAMILIES,
  LINE_ID_PATTERN,
  rateFor,
  ShippingLineSchema,
  ShippingRateSchema,
  servedCountries,
  VOLUMETRIC_RULES,
} from './shipping/shipping-line.js';
export { AFFILIATE_DISCLOSURE } from './tools/disclosure.js';
export type {
  EstimateShippingInput,
  EstimateShippingOutput,
  ShippingQuote,
  UnavailableLine,
} from './tools/estimate-shipping.js';
export {
  EstimateShippingInputSchema,
  EstimateShippingOutputSchema,
  ShippingQuoteSchema,
  UNAVAILABLE_REASONS,
  UnavailableLineSchema,
} from './tools/estimate-shipping.js';
export type {
  AgentOffers,
  GetAgentOffersInput,
  GetAgentOffersOutput,
} from './tools/get-agent-offers.js';
export {
  AgentOffersSchema,
  GetAgentOffersInputSchema,
  GetAgentOffersOutputSchema,
  ShippingLineSummarySchema,
} from './tools/get-agent-offers.js';
export type { ListCategoriesInput, ListCategoriesOutput } from './tools/list-categories.js';
export {
  CategorySummarySchema,
  ListCategoriesInputSchema,
  ListCategoriesOutputSchema,
} from './tools/list-categories.js';
export { toOpenApiSchema } from './tools/openapi-schema.js';
export { LINK_SOURCES, pastedLinkSchema } from './tools/pasted-link-schema.js';
export type {
  ProductSummary,
  QueryInterpretationOutput,
  SearchProductsInput,
  SearchProductsOutput,
  SortOrder,
} from './tools/search-products.js';
export {
  BuyLinkSchema,
  DROP_REASONS,
  MAX_OFFSET,
  ProductSummarySchema,
  QueryInterpretationSchema,
  SearchProductsInputSchema,
  SearchProductsOutputSchema,
  SORT_ORDERS,
} from './tools/search-products.js';
export type { ToolContract, ToolName } from './tools/tool-contracts.js';
export { getToolContract, TOOL_CONTRACTS, TOOL_NAMES } from './tools/tool-contracts.js';

// --- lexicon: how shoppers name brands, models, categories, prices

export { DEFAULT_LEXICON } from './lexicon/default-lexicon.js';
export {
  foldCatalogPhrase,
  foldPhrase,
  foldText,
  foldTokens,
  foldWords,
} from './lexicon/fold.js';
export type { Lexicon, LexiconCurrency } from './lexicon/lexicon.js';
export { LEXICON_CURRENCIES } from './lexicon/lexicon.js';
export type {
  LexiconBrand,
  LexiconCategory,
  LexiconFile,
  LexiconLanguage,
  LexiconNickname,
  LexiconType,
} from './lexicon/lexicon-schema.js';
export {
  LEXICON_LANGUAGES,
  LEXICON_VERSION,
  LexiconFileSchema,
} from './lexicon/lexicon-schema.js';
export { mergeLexicons, parseLexicon } from './lexicon/parse-lexicon.js';
export type { PhraseMatch } from './lexicon/phrase-table.js';
export { PhraseTable } from './lexicon/phrase-table.js';
export { recognizeBrand, recognizeCategory } from './lexicon/recognize.js';

// --- sample catalog & import

export type { CatalogCollector, CollectResult } from './import/collector.js';
export { createCatalogCollector } from './import/collector.js';
export type { ColumnMapper, ColumnReport } from './import/column-map.js';
export { createColumnMapper, describeColumns, parseColumnMap } from './import/column-map.js';
export type { ColumnRole, ImportField } from './import/columns.js';
export { canonicalColumn, fieldOfColumn, recognizeColumn } from './import/columns.js';
export type { Money } from './import/money.js';
export { parseMoney } from './import/money.js';
export type { NormalizeRowResult } from './import/normalize-row.js';
export { normalizeProductRow } from './import/normalize-row.js';
export type { NormalizeRowContext } from './import/row-context.js';
export { UNBRANDED } from './import/row-context.js';
export { productSlug, slugify } from './import/slug.js';
export type { PastedLinkReading } from './listing-link/pasted-link.js';
export {
  describeLinkFormats,
  describePastedListing,
  isPastedLink,
  readPastedLink,
} from './listing-link/pasted-link.js';
export type {
  LinkFailure,
  ListingLink,
  ReadListingLinkOptions,
  ReadListingLinkResult,
} from './listing-link/read-listing-link.js';
export { LINK_FAILURES, readListingLink } from './listing-link/read-listing-link.js';
export { listingUrl } from './listing-url.js';
export type { SampleCatalogOptions } from './sample/generate.js';
export {
  generateSampleCatalog,
  qcPhotoPaths,
  SAMPLE_COUNT,
  SAMPLE_EPOCH,
  SAMPLE_SEED,
} from './sample/generate.js';
export { renderQcPhotoSvg } from './sample/qc-photo-svg.js';

// --- HTTP contracts: OAuth

export type {
  AnonymousRegistrationRequest,
  AnonymousRegistrationResponse,
  AuthorizationServerMetadata,
  OAuthErrorBody,
  OAuthErrorCode,
  ProtectedResourceMetadata,
  TokenRequest,
  TokenResponse,
} from './contracts/oauth.js';
export {
  ACCESS_TOKEN_EXPIRES_IN,
  AgentAuthSchema,
  AnonymousRegistrationRequestSchema,
  AnonymousRegistrationResponseSchema,
  AuthorizationServerMetadataSchema,
  JwksSchema,
  MAX_CLIENT_ID_LENGTH,
  OAUTH_ERROR_CODES,
  OAUTH_GRANT_TYPE,
  OAUTH_SCOPE,
  OAuthErrorSchema,
  ProtectedResourceMetadataSchema,
  PublicJwkSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from './contracts/oauth.js';
