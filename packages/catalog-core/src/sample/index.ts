// `@repo/catalog-core/sample`: the sample catalog generator and its QC photos. Apart from the
// root entry so that a process serving a catalog file never loads its 1,200 lines of vocabulary.

export type { SampleCatalogOptions } from './generate.js';
export {
  generateSampleCatalog,
  qcPhotoPaths,
  SAMPLE_COUNT,
  SAMPLE_EPOCH,
  SAMPLE_SEED,
} from './generate.js';
export { renderQcPhotoSvg } from './qc-photo-svg.js';
