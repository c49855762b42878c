import type { SiteUrls } from '@repo/catalog-core';
import type { CatalogIndex } from '@repo/search';
import type { Site } from '../plugins/site.js';

/**
 * What a page builder reads, and nothing more: the site's shared data, the catalog, and the URLs
 * its links take. Builders never see the server, so a test can build a page from plain values.
 */
export interface PageContext {
  readonly site: Site;
  readonly catalog: CatalogIndex;
  /** The links this page makes: `site.urls`, or the same keeping a preference of the request. */
  readonly urls: SiteUrls;
}
