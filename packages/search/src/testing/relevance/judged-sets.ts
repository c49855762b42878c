import heldOut from './held-out-queries.json' with { type: 'json' };
import judged from './judged-queries.json' with { type: 'json' };
import type { JudgedSet } from './judged-query.js';

/** The judged set the search is tuned and tested against (162 queries, six kinds). */
export const JUDGED_QUERIES = judged as JudgedSet;

/**
 * A second set, written before the query understanding was built and never tuned against: it
 * says how the search does on queries nobody fitted it to.
 */
export const HELD_OUT_QUERIES = heldOut as JudgedSet;
