import { type Static, Type } from 'typebox';
import { LANGUAGES } from '../i18n/languages.js';

/** The longest text suggestions are looked up for: a search field's own limit. */
const SUGGEST_MAX_LENGTH = 200;
/** The most suggestions one answer holds. */
export const MAX_SUGGESTIONS = 8;

// One schema per contract: Fastify validates the query with it (a bad value is a 400 in
// problem+json), and the OpenAPI document lists the same parameters and body.

/** Query of `/suggest`. Unlike pages, an unknown `lang` is refused: only the site's script asks. */
export const SuggestQuerySchema = Type.Object({
  q: Type.String({
    minLength: 2,
    maxLength: SUGGEST_MAX_LENGTH,
    description:
      'What has been typed so far, two characters or more: read as the catalog search reads it ' +
      '(nicknames, typos, other languages’ words), the last word as the start of a word.',
  }),
  lang: Type.Optional(
    Type.Enum(LANGUAGES, {
      type: 'string',
      description: `The language of category names, the status text and links: ${LANGUAGES.join(', ')}. Default: en.`,
    }),
  ),
});
/** A validated `/suggest` query. */
export type SuggestQuery = Static<typeof SuggestQuerySchema>;

/** One suggestion: a brand, a category or a product, and the page it leads to. */
export const SuggestionSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('brand'), Type.Literal('category'), Type.Literal('product')]),
    text: Type.String({ description: 'What the suggestion shows, in the requested language.' }),
    url: Type.String({
      description:
        'A listing or product page of the site, root-relative, in the requested language ' +
        '(`lang` kept when it is not English).',
    }),
  },
  { additionalProperties: false },
);
/** One suggestion. */
export type Suggestion = Static<typeof SuggestionSchema>;

/** The body of `/suggest`. */
export const SuggestionsSchema = Type.Object(
  {
    q: Type.String({ description: 'The text the suggestions are for, trimmed and folded.' }),
    lang: Type.Enum(LANGUAGES, { type: 'string' }),
    suggestions: Type.Array(SuggestionSchema, { maxItems: MAX_SUGGESTIONS }),
    status: Type.String({
      description: 'How many suggestions there are, said for a screen reader’s live region.',
    }),
  },
  { additionalProperties: false },
);
/** The body of `/suggest`. */
export type Suggestions = Static<typeof SuggestionsSchema>;
