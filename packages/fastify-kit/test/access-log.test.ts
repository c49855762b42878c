import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { millisText, writeAccessLine } from '../src/access-log.js';
import { bindAccessLine, bindRequestLog, serverOptions } from '../src/index.js';
import { logLines } from './helper.js';

/** A server with the shared options, logging JSON lines into `lines`. */
async function build(level = 'info') {
  const { lines, stream } = logLines();
  const app = Fastify({
    logger: { level, stream },
    ...serverOptions({ headersTimeoutMs: 5_000, requestTimeoutMs: 10_000 }),
  });
  app.get('/hello', async (request) => {
    request.log.info('handled');
    return 'hello';
  });
  app.get('/answered', async (request) => {
    bindAccessLine(request, { rpc: { method: 'tools/list' } });
    const bound = (request.log as unknown as { bindings(): Record<string, unknown> }).bindings();
    return { bound: 'rpc' in bound };
  });
  app.get('/fails', async () => {
    throw new Error('broken on purpose');
  });
  onTestFinished(() => app.close());
  await app.ready();
  return { app, lines };
}

describe('the access log', () => {
  it('writes one line per request, when it completes, with what an access log needs', async () => {
    const { app, lines } = await build();
    await app.inject({ url: '/hello?x=1', headers: { 'x-request-id': 'access-1' } });
    const own = lines.filter((l) => l.reqId === 'access-1');
    expect(own.map((l) => l.msg)).toEqual(['handled', 'request completed']);
    expect(own[1]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/hello?x=1',
      statusCode: 200,
      responseTime: expect.any(Number),
    });
    // Milliseconds to the microsecond, not every digit of a double.
    expect(String(own[1]!.responseTime)).toMatch(/^\d+(\.\d{1,3})?$/);
  });

  it('logs a failed request once as an error and once on the access line, with its status', async () => {
    const { app, lines } = await build();
    const response = await app.inject({ url: '/fails', headers: { 'x-request-id': 'access-2' } });
    expect(response.statusCode).toBe(500);
    const own = lines.filter((l) => l.reqId === 'access-2');
    expect(own.filter((l) => l.msg === 'incoming request')).toEqual([]);
    expect(own.find((l) => l.level === 50)?.msg).toBe('broken on purpose');
    expect(own.at(-1)).toMatchObject({ msg: 'request completed', statusCode: 500, url: '/fails' });
  });

  it('puts what is learnt once answered on the access line, and binds nothing below info', async () => {
    const info = await build('info');
    const answered = await info.app.inject({
      url: '/answered',
      headers: { 'x-request-id': 'b-1' },
    });
    expect(answered.json()).toEqual({ bound: true });
    expect(info.lines.find((l) => l.reqId === 'b-1')).toMatchObject({
      msg: 'request completed',
      rpc: { method: 'tools/list' },
    });
    const warn = await build('warn');
    expect((await warn.app.inject('/answered')).json()).toEqual({ bound: false });
    expect(warn.lines).toEqual([]);
  });

  it('writes nothing per request at warn', async () => {
    const { app, lines } = await build('warn');
    await app.inject('/hello');
    expect(lines).toEqual([]);
  });

  it('writes the access line pino would write for the same fields, bindings added later included', () => {
    const written: string[] = [];
    const root = pino({ level: 'info' }, { write: (line: string) => written.push(line) });
    const log = root.child({ reqId: 'line-1' });
    bindRequestLog({ log } as never, { client_id: 'agent "q"', rpc: { method: 'tools/call' } });
    const url = '/catalog?q=caf\u00e9 "x"\\y\u2028&n=\ud800';
    writeAccessLine(log, 'GET', url, 404, 1.25);
    log.info({ method: 'GET', url, statusCode: 404, responseTime: 1.25 }, 'request completed');
    expect(written).toHaveLength(2);
    const [ours, pinos] = written.map((line) => {
      expect(line.endsWith('\n')).toBe(true);
      const { time, ...rest } = JSON.parse(line);
      expect(time).toEqual(expect.any(Number));
      return rest;
    });
    expect(Object.keys(ours)).toEqual(Object.keys(pinos));
    expect(ours).toEqual(pinos);
  });

  it('prints a duration as String() does, to the microsecond', () => {
    const wrong: string[] = [];
    for (let us = 0; us < 200_000; us++) {
      const ms = us / 1_000;
      if (millisText(ms) !== String(ms)) wrong.push(`${millisText(ms)} for ${ms}`);
    }
    expect(wrong).toEqual([]);
    for (const ms of [123_456.789, 2_147_483.647, 2_147_483.648, 9e15, 1e21, Number.NaN]) {
      expect(millisText(ms), String(ms)).toBe(String(ms));
    }
  });

  it('leaves out an absent method or URL, as pino does, and the line stays JSON', () => {
    const written: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => written.push(line) }).child({
      reqId: 'line-3',
    });
    writeAccessLine(log, undefined, '/x', 400, 1);
    writeAccessLine(log, 'GET', undefined, 400, 1);
    expect(written.map((line) => JSON.parse(line))).toMatchObject([
      { reqId: 'line-3', url: '/x', statusCode: 400, msg: 'request completed' },
      { reqId: 'line-3', method: 'GET', statusCode: 400, msg: 'request completed' },
    ]);
    expect(written[0]).not.toContain('"method"');
    expect(written[1]).not.toContain('"url"');
  });

  it('writes no access line below its level, and through info() for a logger that is not pino', () => {
    const written: string[] = [];
    const quiet = pino({ level: 'warn' }, { write: (line: string) => written.push(line) });
    writeAccessLine(quiet.child({ reqId: 'line-2' }), 'GET', '/', 200, 1);
    expect(written).toEqual([]);
    const calls: unknown[][] = [];
    const other = { info: (...args: unknown[]) => calls.push(args) };
    writeAccessLine(other as never, 'GET', '/', 200, 1);
    expect(calls).toEqual([
      [{ method: 'GET', url: '/', statusCode: 200, responseTime: 1 }, 'request completed'],
    ]);
  });
});
