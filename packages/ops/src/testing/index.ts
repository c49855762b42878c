// @repo/ops/testing: helpers for the tests of servers built with the ops package.
export type { KeepAliveClient, RawAnswer, RawRequest } from './keep-alive-client.js';
export { keepAliveClient } from './keep-alive-client.js';
export { nestedJson } from './nested-json.js';
