// The public API of @repo/catalog-core. Adding a name here is an API decision: no `export *`.
// The sample catalog generator is apart, at `@repo/catalog-core/sample`: no app loads it unless it
// generates.

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

// --- QC photos and albums: what a sheet's QC cell holds, and what a page may show of it

export { qcAlbum, qcPhotoUrl } from './qc-links/qc-link-urls.js';
export type { QcLinks } from './qc-links/read-qc-links.js';
export { MAX_QC_ALBUMS, MAX_QC_PHOTOS, readQcLinks } from './qc-links/read-qc-links.js';

// --- service description & public URLs

export { SERVICE_INFO } from './service.js';
export type {
  DocumentName,
  PageFormat,
  QueryParams,
  SiteUrls,
  SiteUrlsOptions,
  WellKnownDocument,
} from './urls.js';
export {
  absoluteUrl,
  catalogUrl,
  categoryUrl,
  createSiteUrls,
  DOCUMENT_PATHS,
  productUrl,
  spreadsheetUrl,
  WELL_KNOWN_DOCUMENTS,
} from './urls.js';

// --- the query vocabulary: orders, page sizes, limits

export type { Popularity, SortOrder, ToolSortOrder } from './contracts/search-query.js';
export {
  DEFAULT_LIMIT,
  LISTING_PAGE_SIZE,
  MAX_LIMIT,
  MAX_OFFSET,
  POPULAR_WINDOW_DAYS,
  SORT_ORDERS,
  SPREADSHEET_PAGE_SIZE,
  TOOL_DEFAULT_LIMIT,
  TOOL_MAX_LIMIT,
  TOOL_SORT_ORDERS,
} from './contracts/search-query.js';

// --- agents, offers, links, shipping, currency

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
export {
  agentProductUrl,
  agentSignupUrl,
  buyLinks,
  countedBuyLinks,
  listingBuyLinks,
} from './agents/links.js';
export type { AgentFees, AgentOffer, OfferKind, OfferValueKind } from './agents/offer.js';
export {
  AgentFeesSchema,
  AgentOfferSchema,
  OFFER_KINDS,
  OFFER_VALUE_KINDS,
} from './agents/offer.js';
export { parseAgentsConfig } from './agents/parse-agents.js';
export { convertPrice, roundCents, toCny } from './currency/convert.js';
export type { Currency, CurrencyRates } from './currency/currencies.js';
export { CURRENCIES, isCurrency } from './currency/currencies.js';
export { DEFAULT_CURRENCY_RATES } from './currency/default-rates.js';
export { formatPrice } from './currency/format-price.js';
export { parseCurrencyRates } from './currency/parse-rates.js';
export type { CurrencyRatesFile } from './currency/rates-schema.js';
export { CurrencyRatesFileSchema } from './currency/rates-schema.js';
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

// --- lexicon: how shoppers name brands, models, categories, prices

export { damerauDistance, typoCost } from './lexicon/damerau.js';
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
export type { TitleReading } from './lexicon/recognize.js';
export { readTitle, recognizeBrand, recognizeCategory } from './lexicon/recognize.js';

// --- import: rows of a catalog file become products

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
export type { SectionHeader } from './import/section-header.js';
export { readSectionHeader, readTabName } from './import/section-header.js';
export type { LearnedBrand, SheetKnowledge, SheetLearner } from './import/sheet-learning.js';
export { createSheetLearner } from './import/sheet-learning.js';
export { productSlug, slugify } from './import/slug.js';
export { isLinkLabel } from './listing-link/link-label.js';
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

// --- wire contracts: the MCP tools

export { AFFILIATE_DISCLOSURE } from './contracts/disclosure.js';
export { toOpenApiSchema } from './contracts/openapi-schema.js';
export type {
  EstimateShippingInput,
  EstimateShippingOutput,
  ShippingQuote,
  UnavailableLine,
} from './contracts/tools/estimate-shipping-contract.js';
export {
  EstimateShippingInputSchema,
  EstimateShippingOutputSchema,
  ShippingQuoteSchema,
  UNAVAILABLE_REASONS,
  UnavailableLineSchema,
} from './contracts/tools/estimate-shipping-contract.js';
export type {
  AgentOffers,
  GetAgentOffersInput,
  GetAgentOffersOutput,
} from './contracts/tools/get-agent-offers-contract.js';
export {
  AgentOffersSchema,
  GetAgentOffersInputSchema,
  GetAgentOffersOutputSchema,
  ShippingLineSummarySchema,
} from './contracts/tools/get-agent-offers-contract.js';
export type {
  ListCategoriesInput,
  ListCategoriesOutput,
} from './contracts/tools/list-categories-contract.js';
export {
  CategorySummarySchema,
  ListCategoriesInputSchema,
  ListCategoriesOutputSchema,
} from './contracts/tools/list-categories-contract.js';
export { LINK_SOURCES, pastedLinkSchema } from './contracts/tools/pasted-link-schema.js';
export type {
  ProductSummary,
  QueryInterpretationOutput,
  SearchProductsInput,
  SearchProductsOutput,
} from './contracts/tools/search-products-contract.js';
export {
  BuyLinkSchema,
  DROP_REASONS,
  ProductSummarySchema,
  QueryInterpretationSchema,
  SearchProductsInputSchema,
  SearchProductsOutputSchema,
} from './contracts/tools/search-products-contract.js';
export type { ToolContract, ToolName } from './contracts/tools/tool-contracts.js';
export { getToolContract, TOOL_CONTRACTS, TOOL_NAMES } from './contracts/tools/tool-contracts.js';

// --- wire contracts: OAuth

export type {
  AnonymousRegistrationRequest,
  AnonymousRegistrationResponse,
  AuthorizationServerMetadata,
  OAuthErrorBody,
  OAuthErrorCode,
  ProtectedResourceMetadata,
  TokenRequest,
  TokenResponse,
} from './contracts/oauth/oauth-contract.js';
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
} from './contracts/oauth/oauth-contract.js';
