import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

// What a browser test reads of a page (its images once loaded, its links, its product cards), and
// the picture it answers other hosts' photos with.

/**
 * A small PNG of one colour, the answer to every picture on another host: 4×3, the shape of a QC
 * photo, so a screenshot shows where photos sit.
 */
export function png(
  width: number,
  height: number,
  [r, g, b]: readonly [number, number, number],
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.from([0, ...Array.from({ length: width }, () => [r, g, b]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** One `<img>` as the page has it, once it has loaded or failed. */
export interface Shown {
  readonly src: string;
  readonly naturalWidth: number;
}

/** One `<a>` of the page. */
interface Anchor {
  readonly href: string;
  readonly text: string;
  readonly rel: string | null;
  readonly hasImage: boolean;
  readonly inQc: boolean;
}

/** One product card of a listing. */
interface Card {
  readonly href: string;
  readonly src: string | null;
  readonly placeholder: string | null;
}

// What the page functions below touch of the DOM (this package's types have no DOM library).
interface ImageElement {
  loading: string;
  readonly complete: boolean;
  readonly naturalWidth: number;
  getAttribute(name: string): string | null;
  addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
}
export interface Element {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Element | null;
  closest(selector: string): Element | null;
}

/**
 * Every image of the page, loaded: lazy images are made eager (they would load on scroll) and
 * waited for, each until it loads or fails (10 s at most).
 */
export function images(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const all = [
      ...(globalThis as unknown as { document: { images: Iterable<ImageElement> } }).document
        .images,
    ];
    await Promise.all(
      all.map((img) => {
        img.loading = 'eager';
        if (img.complete) return undefined;
        return Promise.race([
          new Promise<void>((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          }),
          new Promise<void>((done) => setTimeout(done, 10_000)),
        ]);
      }),
    );
    return all.map((img) => ({
      src: img.getAttribute('src') ?? '',
      naturalWidth: img.naturalWidth,
    }));
  });
}

export function anchors(page: Page): Promise<Anchor[]> {
  return page.locator('a').evaluateAll((links) =>
    (links as unknown as Element[]).map((a) => ({
      href: a.getAttribute('href') ?? '',
      text: a.textContent ?? '',
      rel: a.getAttribute('rel'),
      hasImage: a.querySelector('img') !== null,
      inQc: a.closest('section[aria-labelledby="qc"]') !== null,
    })),
  );
}

export function cards(page: Page): Promise<Card[]> {
  return page.locator('.cards .card').evaluateAll((items) =>
    (items as unknown as Element[]).map((card) => ({
      href: card.querySelector('h3 a')?.getAttribute('href') ?? '',
      src: card.querySelector('img')?.getAttribute('src') ?? null,
      placeholder: card.querySelector('a.thumb.no-photo span')?.textContent ?? null,
    })),
  );
}
