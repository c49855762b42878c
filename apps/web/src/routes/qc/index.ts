import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

const QcParams = Type.Object({
  slug: Type.String({ maxLength: 160 }),
  file: Type.String({ pattern: '^[0-9]{1,2}\\.svg$' }),
});

/**
 * `GET /qc/{slug}/{n}.svg`: the sample catalog's QC photos, drawn on the server so pages render
 * with no network. Photos of an imported catalog are absolute URLs and never reach this route.
 */
export default async function qcRoutes(fastify: FastifyInstance) {
  // The drawing code is the sample generator's: loaded by the first photo asked for, so a process
  // serving an imported catalog never loads it.
  let sample: Promise<typeof import('@repo/catalog-core/sample')> | undefined;
  fastify.get<{ Params: { slug: string; file: string } }>(
    '/qc/:slug/:file',
    { schema: { params: QcParams } },
    async (request, reply) => {
      const { slug, file } = request.params;
      const n = Number.parseInt(file, 10);
      const product = await request.catalog.index.getBySlug(slug);
      if (!product || n < 1 || n > product.qc_photos.length) return reply.callNotFound();
      sample ??= import('@repo/catalog-core/sample');
      const { renderQcPhotoSvg } = await sample;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderQcPhotoSvg(product, n));
    },
  );
}
