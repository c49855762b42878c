// The public API of @repo/clicks. Adding a name here is an API decision: no `export *`.
export type { Click, ClickRow, ClickStats, ClicksLog, DayTotal } from './click.js';
export type {
  ClickCounter,
  ClickCounterMode,
  ClickCounterOptions,
  ClickReader,
} from './click-counter.js';
export { createClickCounter } from './click-counter.js';
export type { ClickReaderOptions } from './click-reader.js';
export { openClickReader } from './click-reader.js';
export { isCrawler } from './crawler.js';
export type { ClicksErrorCode } from './errors.js';
export { ClicksError, MAX_WINDOW_DAYS } from './errors.js';
export type { RequestHeaders } from './prefetch.js';
export { isPrefetch } from './prefetch.js';
