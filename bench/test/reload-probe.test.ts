import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadWindowS, parseReloadLine, probeHealth, reloadLog } from '../src/reload-probe.js';

// As the server writes it (pino, one JSON object a line).
const RELOADED =
  '{"level":30,"time":1795638524679,"pid":22116,"hostname":"vm","version":"bb8ad17e33b45f16","previous":"0f26a9ec940df21c","ms":10916,"msg":"catalog reloaded"}';
const ACCESS =
  '{"level":30,"time":1795638524680,"pid":22116,"reqId":"7","method":"GET","url":"/health.json","statusCode":200,"responseTime":0.412,"msg":"request completed"}';

describe('parseReloadLine', () => {
  it('reads the version, the previous one and the server’s ms', () => {
    expect(parseReloadLine(RELOADED)).toEqual({
      version: 'bb8ad17e33b45f16',
      previous: '0f26a9ec940df21c',
      ms: 10916,
    });
  });

  it('reads the warm-up’s answers and time when the line has them', () => {
    const warmed = RELOADED.replace('"ms":10916,', '"ms":10916,"warmed":717,"warmMs":4980,');
    expect(parseReloadLine(warmed)).toEqual({
      version: 'bb8ad17e33b45f16',
      previous: '0f26a9ec940df21c',
      ms: 10916,
      warmed: 717,
      warmMs: 4980,
    });
  });

  it.each([
    ['an access line', ACCESS],
    ['a line that only quotes the message', '{"msg":"why is the catalog reloaded twice?"}'],
    ['a line cut short', RELOADED.slice(0, 60)],
    ['a line without the ms', RELOADED.replace('"ms":10916,', '')],
  ])('is undefined for %s', (_, line) => {
    expect(parseReloadLine(line)).toBeUndefined();
  });
});

describe('reloadLog', () => {
  it('finds a reload line cut between two pieces of the log, among access lines', () => {
    const log = reloadLog();
    const text = `${ACCESS}\n${ACCESS}\n${RELOADED}\n${ACCESS}\n`;
    const cut = text.indexOf('catalog rel');
    log.write(text.slice(0, cut));
    expect(log.find('0f26a9ec940df21c', 'bb8ad17e33b45f16')).toBeUndefined();
    log.write(text.slice(cut));
    expect(log.find('0f26a9ec940df21c', 'bb8ad17e33b45f16')?.ms).toBe(10916);
    expect(log.find('bb8ad17e33b45f16', '0f26a9ec940df21c')).toBeUndefined();
  });

  it('waits for the end of a line, and keeps the last of two reloads between the same versions', () => {
    const log = reloadLog();
    log.write(RELOADED);
    expect(log.find('0f26a9ec940df21c', 'bb8ad17e33b45f16')).toBeUndefined();
    log.write(`\n${RELOADED.replace('"ms":10916', '"ms":42')}\n`);
    expect(log.find('0f26a9ec940df21c', 'bb8ad17e33b45f16')?.ms).toBe(42);
    expect(log.last()?.ms).toBe(42);
  });
});

describe('loadWindowS', () => {
  it('covers three idle reloads and a margin, never under 10 s, in whole seconds', () => {
    expect(loadWindowS(1_000)).toBe(10);
    expect(loadWindowS(12_000)).toBe(39);
    expect(loadWindowS(12_001)).toBe(40);
  });
});

describe('probeHealth', () => {
  // A health route whose version moves on after `switchAfter` answers, and whose answer
  // `slowAt` waits `slowMs` first: a reload that holds the event loop.
  async function healthServer(switchAfter: number, slowAt: number, slowMs: number) {
    let answered = 0;
    const server: Server = createServer((_request, response) => {
      const n = answered++;
      const version = n >= switchAfter ? 'b' : 'a';
      setTimeout(
        () => response.end(JSON.stringify({ catalog: { version } })),
        n === slowAt ? slowMs : 0,
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    onTestFinished(() => void server.close());
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('tells when the version changed and the longest wait for an answer', async () => {
    const url = await healthServer(8, 5, 150);
    const probe = await probeHealth(url, 5);
    expect(probe.version).toBe('a');
    const started = performance.now();
    const at = await probe.changed('a', 5_000);
    expect(at).toBeGreaterThan(started + 150);
    expect(probe.version).toBe('b');
    // Already another version: at once.
    expect(await probe.changed('a', 1)).toBeGreaterThanOrEqual(at);
    const report = await probe.stop();
    expect(report.answers).toBeGreaterThanOrEqual(7);
    expect(report.longestMs).toBeGreaterThanOrEqual(145);
  });

  it('gives up on a version that does not change', async () => {
    const url = await healthServer(Number.POSITIVE_INFINITY, -1, 0);
    const probe = await probeHealth(url, 5);
    await expect(probe.changed('a', 50)).rejects.toThrow(/stayed a for 50 ms/);
    await probe.stop();
  });
});
