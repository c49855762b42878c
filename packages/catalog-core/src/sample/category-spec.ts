import type { CategoryId } from '../categories.js';

/** A model with colourways of its own (a Dunk comes in 'Panda', not in 'Chicago'). */
export interface ModelSpec {
  readonly name: string;
  readonly colorways: readonly string[];
}

/** A brand and the models the sample sells of it; plain strings use the category's colourways. */
export interface BrandSpec {
  readonly name: string;
  readonly models: readonly (string | ModelSpec)[];
}

/** Everything the generator needs to invent realistic listings of one category. */
export interface CategorySpec {
  readonly id: CategoryId;
  /** Products of this category in the default 17,917-product catalog; the split for any count. */
  readonly share: number;
  readonly brands: readonly BrandSpec[];
  /** Colourways (or sizes, for perfumes) of models without their own. */
  readonly colorways: readonly string[];
  /** `quoted`: Nike Dunk Low 'Panda'; `plain`: Creed Aventus 100 ml. */
  readonly titleStyle: 'quoted' | 'plain';
  readonly batches: readonly string[];
  /** Share of listings that name a batch. */
  readonly batchRate: number;
  /** CNY: lognormal around `median` with `spread` (sigma), clamped to [min, max]. */
  readonly price: {
    readonly median: number;
    readonly spread: number;
    readonly min: number;
    readonly max: number;
  };
  /** Packed weight range in grams. */
  readonly weight: readonly [number, number];
  readonly tags: readonly string[];
}

/** Batch names of the sneaker factories, top tier first. */
export const SNEAKER_BATCHES = [
  'LJR',
  'PK',
  'GET',
  'OG',
  'GX',
  'M',
  'H12',
  'DT',
  'S2',
  'VT',
  'LW',
  'A1',
] as const;

/** Batch labels clothing sellers use. */
export const APPAREL_BATCHES = ['OG', 'Top', '1:1', 'HQ', 'Budget', 'Mirror'] as const;

/** Colourways shared by clothing categories. */
export const APPAREL_COLORWAYS = [
  'Black',
  'White',
  'Heather Grey',
  'Cream',
  'Navy',
  'Olive',
  'Washed Black',
  'Vintage Black',
  'Dark Oatmeal',
  'Light Oatmeal',
  'Desert Sand',
  'Wood',
  'Cement',
  'Burgundy',
  'Forest Green',
  'Sky Blue',
  'Pink',
  'Brown',
  'Off White',
  'Royal Blue',
] as const;

/** Splits a `|`-separated list: keeps the vocabulary files short and diff-friendly. */
export function list(items: string): readonly string[] {
  return items.split('|');
}

/** A model with its own colourways, given as a `|`-separated list. */
export function model(name: string, colorways: string): ModelSpec {
  return { name, colorways: list(colorways) };
}

/** A brand whose models (a `|`-separated list) use the category's colourways. */
export function brand(name: string, models: string): BrandSpec {
  return { name, models: list(models) };
}
