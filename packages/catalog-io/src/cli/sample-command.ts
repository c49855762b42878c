import { once } from 'node:events';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { writeCatalogFile } from '../write-catalog-file.js';
import { integerOption } from './usage.js';

/** Options of `catalog sample` as parsed from argv. */
export interface SampleArgs {
  readonly values: {
    readonly out?: string | undefined;
    readonly count?: string | undefined;
    readonly seed?: string | undefined;
  };
}

/** `catalog sample`: writes the sample catalog as NDJSON to `--out` or standard output. */
export async function sampleCommand({ values }: SampleArgs): Promise<number> {
  const count = integerOption('count', values.count, 0);
  const seed = integerOption('seed', values.seed, 0);
  const products = generateSampleCatalog({
    ...(count === undefined ? {} : { count }),
    ...(seed === undefined ? {} : { seed }),
  });
  if (values.out !== undefined) {
    await writeCatalogFile(values.out, products);
    console.error(`wrote ${products.length} sample products to ${values.out}`);
    return 0;
  }
  for (let start = 0; start < products.length; start += 1_000) {
    const lines = products.slice(start, start + 1_000).map((p) => `${JSON.stringify(p)}\n`);
    if (!process.stdout.write(lines.join(''))) await once(process.stdout, 'drain');
  }
  return 0;
}
