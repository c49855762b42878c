import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CATALOG_FORMATS, type CatalogFormat } from '../formats.js';
import { contentHash } from './content-hash.js';
import type { Validators } from './fetch-catalog.js';

/** The last good download of a link, as kept on disk. */
export interface MirroredCatalog extends Validators {
  readonly path: string;
  readonly format: CatalogFormat;
  /** Its `contentHash`: a download with the same content changes nothing. */
  readonly contentHash: string;
  readonly fetchedAt: string;
}

/** What `meta.json` beside the copy holds. */
type Meta = Omit<MirroredCatalog, 'path'>;

const EXTENSIONS: Readonly<Record<CatalogFormat, string>> = {
  csv: 'csv',
  xlsx: 'xlsx',
  json: 'json',
  ndjson: 'ndjson',
};

/**
 * A link's downloads kept in `DATA_DIR/catalog-url/<hash of the link>/`: the last good copy
 * (`catalog.<ext>`, the bytes as downloaded) with what the server said of it (`meta.json`:
 * format, ETag, Last-Modified, hash, when), and the candidate being tried (`next-<pid>.<ext>`). A copy
 * becomes the good one only once it loaded, so a process that starts while the link is down, or
 * broken, serves the last catalog that worked. One folder per link: a new link never starts
 * from another sheet's copy.
 */
export class CatalogMirror {
  readonly #dir: string;

  private constructor(dir: string) {
    this.#dir = dir;
  }

  static async open(root: string, link: string): Promise<CatalogMirror> {
    const dir = join(root, createHash('sha256').update(link).digest('hex').slice(0, 16));
    await mkdir(dir, { recursive: true });
    return new CatalogMirror(dir);
  }

  /** The last good copy, or `undefined` when there is none (or it is damaged). */
  async good(): Promise<MirroredCatalog | undefined> {
    try {
      const meta = JSON.parse(await readFile(join(this.#dir, 'meta.json'), 'utf8')) as Meta;
      if (!CATALOG_FORMATS.includes(meta.format)) return undefined;
      const path = this.#path('catalog', meta.format);
      // A copy whose bytes are not what its meta says (a disk that lost a write) is not trusted.
      if ((await contentHash(await readFile(path), meta.format)) !== meta.contentHash)
        return undefined;
      return { ...meta, path };
    } catch {
      return undefined;
    }
  }

  /**
   * Writes a download as the candidate to try; its path. Named by process: replicas that share
   * one `DATA_DIR` never read or remove each other's half-written candidate.
   */
  async candidate(bytes: Buffer, format: CatalogFormat): Promise<string> {
    const path = this.#path(`next-${process.pid}`, format);
    await writeFile(path, bytes);
    return path;
  }

  /** The candidate loaded: it becomes the good copy, with what the server said of it. */
  async promote(candidate: string, meta: Meta): Promise<MirroredCatalog> {
    const path = this.#path('catalog', meta.format);
    await rename(candidate, path);
    for (const format of CATALOG_FORMATS) {
      if (format !== meta.format) await rm(this.#path('catalog', format), { force: true });
    }
    await this.#writeMeta(meta);
    return { ...meta, path };
  }

  /** The server said the good copy is still current: only when it was fetched changes. */
  async touch(good: MirroredCatalog, validators: Validators, fetchedAt: string) {
    const { path: _path, ...meta } = good;
    const next: Meta = { ...meta, ...definedOf(validators), fetchedAt };
    await this.#writeMeta(next);
    return { ...next, path: good.path };
  }

  async discard(candidate: string): Promise<void> {
    await rm(candidate, { force: true });
  }

  #path(name: string, format: CatalogFormat): string {
    return join(this.#dir, `${name}.${EXTENSIONS[format]}`);
  }

  async #writeMeta(meta: Meta): Promise<void> {
    const file = join(this.#dir, 'meta.json');
    // A name of its own: replicas sharing one DATA_DIR write it at the same polls.
    const temporary = `${file}.tmp-${process.pid}-${randomUUID()}`;
    await writeFile(temporary, `${JSON.stringify(meta, null, 2)}\n`);
    await rename(temporary, file);
  }
}

function definedOf(validators: Validators): Validators {
  return {
    ...(validators.etag ? { etag: validators.etag } : {}),
    ...(validators.lastModified ? { lastModified: validators.lastModified } : {}),
  };
}
