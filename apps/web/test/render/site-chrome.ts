import type { SiteChrome } from '../../src/render/page-html.js';

/** The header and footer of the page cache's tests: the least a page renders with. */
export const chrome: SiteChrome = {
  baseUrl: 'http://x.test',
  siteName: 'Test',
  cssHref: '/a.css',
  cssIntegrity: 'sha384-x',
  iconHref: '/i.svg',
  links: { home: '/', nav: [], footer: [] },
};
