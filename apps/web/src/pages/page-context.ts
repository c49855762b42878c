import type { Agent, Currency, Popularity, SiteUrls } from '@repo/catalog-core';
import type { CatalogIndex } from '@repo/search';
import type { Locale } from '../i18n/locale.js';
import type { Preferences } from '../i18n/preferences.js';
import type { PopularityView } from '../plugins/popularity.js';
import type { Site } from '../plugins/site.js';

/** A price as pages show it: `¥328.00`, and `≈ R$ 245,00` in the visitor's currency. */
export interface ShownPrice {
  readonly price: string;
  /** Empty when the visitor's currency is CNY. */
  readonly converted: string;
}

/**
 * What a page builder reads, and nothing more: the site's shared data, the catalog, the URLs its
 * links take, and the visitor's language, currency and agent. Builders never see the server, so
 * a test can build a page from plain values.
 */
export interface PageContext {
  readonly site: Site;
  readonly catalog: CatalogIndex;
  /** The links this page makes: `site.urls`, or the same keeping the visitor's preferences. */
  readonly urls: SiteUrls;
  /** The visitor's preferred agent (`?agent=`): its buy links first, marked. */
  readonly agent?: Agent;
  /** The language the page is written in. */
  readonly locale: Locale;
  /** The currency prices are converted into. */
  readonly currency: Currency;
  /** What the URL chose (`lang`, `currency`): the links keep it. */
  readonly given: Preferences['given'];
  /** A CNY price as the page shows it. */
  prices(priceCny: number): ShownPrice;
  /** The clicks of the last 30 days as this request reads them: `sort=popular` orders by them. */
  readonly popularity: Popularity;
  /** Every window of clicks (the home page's popular row reads the last 7 days). */
  readonly clicks: PopularityView;
}
