// The public API of @repo/clicks. Adding a name here is an API decision: no `export *`.
export { isCrawler } from './crawler.js';
export type { RequestHeaders } from './prefetch.js';
export { isPrefetch } from './prefetch.js';
