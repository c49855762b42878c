import { describe, expect, it, onTestFinished } from 'vitest';
import { isDownload, type SheetServer, startSheetServer } from '../src/sheet-server.js';

const NDJSON = 'application/x-ndjson';
const first = { bytes: Buffer.from('{"slug":"a"}\n{"slug":"b"}\n'), contentType: NDJSON };
const second = { bytes: Buffer.from('{"slug":"a"}\n{"slug":"c"}\n'), contentType: NDJSON };

async function started(): Promise<SheetServer> {
  const sheet = await startSheetServer(first);
  onTestFinished(() => sheet.close());
  return sheet;
}

// As the server's fetch does: redirects followed by hand, the same headers on each request.
async function download(link: string, headers: Record<string, string> = {}) {
  const redirect = await fetch(link, { headers, redirect: 'manual' });
  await redirect.arrayBuffer();
  const location = redirect.headers.get('location');
  const response = await fetch(new URL(location ?? '', link), { headers });
  return { redirect, response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('startSheetServer', () => {
  it('answers the link with a redirect to the download, which carries the bytes and an ETag', async () => {
    const sheet = await started();
    const { redirect, response, body } = await download(sheet.link);
    expect(redirect.status).toBe(307);
    expect(new URL(sheet.link).hostname).toBe('127.0.0.1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(NDJSON);
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(body.equals(first.bytes)).toBe(true);
  });

  it('answers 304 with no body to the ETag of the bytes served, 200 once they change', async () => {
    const sheet = await started();
    const etag = (await download(sheet.link)).response.headers.get('etag') as string;
    const again = await download(sheet.link, { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(again.body.length).toBe(0);
    sheet.set(second);
    const changed = await download(sheet.link, { 'if-none-match': etag });
    expect(changed.response.status).toBe(200);
    expect(changed.body.equals(second.bytes)).toBe(true);
    // The first bytes put back are the first version again, ETag included.
    sheet.set(first);
    expect((await download(sheet.link, { 'if-none-match': etag })).response.status).toBe(304);
  });

  it('records each answer in order, and tells a waiter of the next one that matches', async () => {
    const sheet = await started();
    const next = sheet.next(isDownload);
    const changedAt = sheet.set(second);
    await download(sheet.link);
    const answered = await next;
    expect(answered).toMatchObject({ status: 200 });
    expect(answered.arrivedAt).toBeGreaterThanOrEqual(changedAt);
    expect(answered.sentAt).toBeGreaterThanOrEqual(answered.arrivedAt);
    expect(sheet.requests.map((r) => [isDownload(r), r.status])).toEqual([
      [false, 307],
      [true, 200],
    ]);
  });

  it('answers 404 to any other path', async () => {
    const sheet = await started();
    const response = await fetch(new URL('/elsewhere', sheet.link));
    expect(response.status).toBe(404);
  });
});
