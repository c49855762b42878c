import { type Static, Type } from 'typebox';
import { categoryIdSchema, urlSchema } from './shared-schemas.js';

/** Arguments of `list_categories`: none. */
export const ListCategoriesInputSchema = Type.Object({}, { additionalProperties: false });

/** Arguments of `list_categories` (an empty object). */
export type ListCategoriesInput = Static<typeof ListCategoriesInputSchema>;

/** One category with its product count and pages. */
export const CategorySummarySchema = Type.Object(
  {
    id: categoryIdSchema('Category identifier; pass it as `category` to search_products.'),
    name: Type.String({ description: 'Display name.' }),
    description: Type.String({ description: 'What the category holds.' }),
    count: Type.Integer({ minimum: 0, description: 'Number of products in the category.' }),
    url: urlSchema('The category page.'),
    markdown_url: urlSchema('The Markdown version of the category page.'),
  },
  { additionalProperties: false },
);

/** Result of `list_categories`: the 14 categories in display order. */
export const ListCategoriesOutputSchema = Type.Object(
  {
    categories: Type.Array(CategorySummarySchema),
    total: Type.Integer({ minimum: 0, description: 'Number of products in the whole catalog.' }),
  },
  { additionalProperties: false },
);

/** Result of `list_categories` (see {@link ListCategoriesOutputSchema}). */
export type ListCategoriesOutput = Static<typeof ListCategoriesOutputSchema>;
