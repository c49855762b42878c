// The one place the tests read the environment: where a real Meilisearch runs, if any.
// biome-ignore lint/style/noProcessEnv: tests choose whether to run against a real server here.
const env = process.env;

/** `MEILISEARCH_URL` (and optional `MEILISEARCH_API_KEY`), or undefined to skip the real-server suite. */
export const meilisearchEnv = env.MEILISEARCH_URL
  ? { host: env.MEILISEARCH_URL, apiKey: env.MEILISEARCH_API_KEY }
  : undefined;
