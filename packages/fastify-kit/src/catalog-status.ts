import type { CatalogVersion, LiveCatalog } from '@repo/catalog-io';
import { type Static, Type } from 'typebox';

/**
 * The `catalog` fields of `/health.json` that say which version serves and how the last reload
 * went: the same version on every replica serving the same files, so a client can tell when they
 * all serve a new one.
 */
export const CatalogStatusSchema = Type.Object(
  {
    version: Type.String({
      description:
        'A hash of the files the catalog was loaded from; with Meilisearch, the version `catalog index` stored with the index.',
    }),
    loaded_at: Type.String({ format: 'date-time', description: 'When this version was loaded.' }),
    source: Type.Union(
      [
        Type.Literal('sample'),
        Type.Literal('file'),
        Type.Literal('url'),
        Type.Literal('meilisearch'),
      ],
      {
        description:
          'Where the catalog comes from: the built-in sample, a file, a link (CATALOG_URL, never shown here) or a Meilisearch index.',
      },
    ),
    fetched_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'A catalog read from a link: when the link last answered.',
      }),
    ),
    next_fetch_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'A catalog read from a link: when it will be fetched again.',
      }),
    ),
    reload: Type.Object(
      {
        status: Type.Union([Type.Literal('ok'), Type.Literal('failed')]),
        at: Type.String({ format: 'date-time' }),
        error: Type.Optional(Type.String()),
      },
      {
        additionalProperties: false,
        description: 'The last load or reload; a failed one leaves the previous version serving.',
      },
    ),
  },
  { additionalProperties: false },
);

/** The version fields of `/health.json`. */
export type CatalogStatus = Static<typeof CatalogStatusSchema>;

/**
 * The version fields of `version` (default: the one serving now) and the catalog's last reload.
 *
 * @example catalogStatus(fastify.catalog, request.catalog)
 */
export function catalogStatus(
  live: LiveCatalog,
  version: CatalogVersion = live.current,
): CatalogStatus {
  const { status, at, error } = live.lastReload;
  const remote = live.remote;
  return {
    version: version.version,
    loaded_at: version.loadedAt.toISOString(),
    source: version.source,
    ...(remote?.fetchedAt ? { fetched_at: remote.fetchedAt.toISOString() } : {}),
    ...(remote?.nextFetchAt ? { next_fetch_at: remote.nextFetchAt.toISOString() } : {}),
    reload: { status, at: at.toISOString(), ...(error === undefined ? {} : { error }) },
  };
}
