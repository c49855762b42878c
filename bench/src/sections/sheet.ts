import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchContext, paths, serviceEnv } from '../context.js';
import { fmt } from '../format.js';
import { peakRssMB, resetPeakRss, rssMB } from '../proc.js';
import { type Started, startNode } from '../processes.js';
import {
  healthVersion,
  probeHealth,
  type ReloadLog,
  reloadLog,
  sampleRss,
} from '../reload-probe.js';
import { changedCatalog, sampleNdjson } from '../scale-files.js';
import {
  isDownload,
  type SheetContent,
  type SheetServer,
  startSheetServer,
} from '../sheet-server.js';
import { sheetWorkbook } from '../sheet-workbook.js';
import { printSheet, SHEET_METHOD, type SheetReload, type SheetResult } from './sheet-report.js';

const { pollS, signalAfterPollMs, pollPhasesMs, signalRuns, settleMs } = SHEET_METHOD;
const MB = 1024 * 1024;
// The server's own limit on a download, which the 200,000-product NDJSON is over.
const DEFAULT_MAX_MB = 50;

const CONTENT_TYPES = {
  ndjson: 'application/x-ndjson',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
type Format = keyof typeof CONTENT_TYPES;

/** The sample catalog as NDJSON and as a workbook, and the largest advised for the engine. */
const CASES: readonly { format: Format; products: number }[] = [
  { format: 'ndjson', products: 17_917 },
  { format: 'xlsx', products: 17_917 },
  { format: 'ndjson', products: 200_000 },
];

/**
 * A catalog kept in a shared sheet (`CATALOG_URL`): at each size and format, the one-process
 * server polls a local stand-in for the sheet's export every {@link SHEET_METHOD.pollS} s; the
 * sheet then serves the same catalog with a few prices changed, and back. Timed from the change
 * to the first `/health.json` naming the new version: with SIGHUP sent at once (the fetch starts
 * then), and with no signal (the next poll fetches it), beside the download's own time, the
 * server's load, the longest a request waited, and RSS before, peak and after.
 */
export async function sheetSection(ctx: BenchContext): Promise<void> {
  console.log(
    `## A catalog from a link (CATALOG_URL, polled every ${pollS} s): sheet changed → new version served\n`,
  );
  const results: SheetResult[] = [];
  for (const c of ctx.quick ? CASES.filter((x) => x.products < 200_000) : CASES) {
    results.push(await sheetAt(ctx, c.format, c.products));
  }
  console.log('');
  printSheet(results);
  console.log('');
  ctx.report.sheet = results;
}

/** The catalog and its changed copy (one product in 50 a yuan dearer) as the sheet serves them. */
async function versions(format: Format, products: number): Promise<SheetContent[]> {
  const a = await sampleNdjson(products);
  const b = await changedCatalog(a);
  const files = format === 'xlsx' ? [await sheetWorkbook(a), await sheetWorkbook(b)] : [a, b];
  return Promise.all(
    files.map(async (f) => ({ bytes: await readFile(f), contentType: CONTENT_TYPES[format] })),
  );
}

async function sheetAt(ctx: BenchContext, format: Format, products: number): Promise<SheetResult> {
  const contents = await versions(format, products);
  const largest = Math.max(...contents.map((c) => c.bytes.length));
  const maxMB = Math.ceil(largest / MB);
  const sheet = await startSheetServer(contents[0] as SheetContent);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-sheet-'));
  const log = reloadLog();
  console.log(
    `  ${products.toLocaleString('en')} products, ${format} (${fmt(largest / MB, 1)} MB): starting the server on ${sheet.link}`,
  );
  const server = await startNode(paths.standalone, {
    node: ctx.node,
    env: serviceEnv('info', {
      CATALOG_URL: sheet.link,
      CATALOG_URL_POLL_S: String(pollS),
      // Raised only for a download over the default, which would be refused.
      ...(maxMB > DEFAULT_MAX_MB ? { CATALOG_URL_MAX_MB: String(maxMB) } : {}),
      DATA_DIR: dataDir,
    }),
    probePath: '/health.json',
    nodeArgs: ctx.nodeArgs,
    core: ctx.cores.server,
    timeoutMs: 600_000,
    onLog: (text) => log.write(text),
  });
  const rssAtStartMB = rssMB(server.pid);
  try {
    const peakMethod = resetPeakRss(server.pid)
      ? 'VmHWM, reset at the change'
      : 'VmRSS read every 20 ms (VmHWM could not be reset)';
    let n = 1;
    const nextContent = () => contents[n++ % contents.length] as SheetContent;
    const signalled: SheetReload[] = [];
    for (let i = 0; i < signalRuns; i++) {
      signalled.push(
        await sheetReload(server, sheet, log, nextContent(), 'SIGHUP', signalAfterPollMs),
      );
    }
    const polled: SheetReload[] = [];
    for (const phaseMs of pollPhasesMs) {
      polled.push(await sheetReload(server, sheet, log, nextContent(), 'poll', phaseMs));
    }
    console.log(
      `  SIGHUP ${signalled.map((r) => fmt(r.ms, 0)).join(', ')} ms; poll ${polled.map((r) => `${fmt(r.ms, 0)} (wait ${fmt(r.waitMs, 0)})`).join(', ')} ms`,
    );
    return {
      format,
      products,
      downloadMB: largest / MB,
      maxMB: maxMB > DEFAULT_MAX_MB ? maxMB : undefined,
      startMs: server.readyMs,
      rssAtStartMB,
      peakMethod,
      signalled,
      polled,
      rssAfterAllMB: rssMB(server.pid),
    };
  } finally {
    await server.stop();
    await sheet.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * One change of the sheet. It lands `afterPollMs` after a poll's download was answered: no fetch
 * that began before the change is then under way (a SIGHUP would join it and find the sheet as
 * it was), and with no signal the next poll comes about `pollS` s minus that later. The health
 * probe runs from the poll to the change (what an idle server's requests wait) and from the
 * change to the new version.
 */
async function sheetReload(
  server: Started,
  sheet: SheetServer,
  log: ReloadLog,
  content: SheetContent,
  trigger: SheetReload['trigger'],
  afterPollMs: number,
): Promise<SheetReload> {
  await sheet.next(isDownload);
  const idle = await probeHealth(server.url);
  await sleep(afterPollMs);
  const { longestMs: idleLongestMs } = await idle.stop();
  const probe = await probeHealth(server.url);
  const from = probe.version;
  const rssBeforeMB = rssMB(server.pid);
  const reset = resetPeakRss(server.pid);
  const sampler = sampleRss(server.pid);
  const changed = probe.changed(from, 600_000);
  const changedAt = sheet.set(content);
  if (trigger === 'SIGHUP') server.child.kill('SIGHUP');
  const at = await changed;
  const peakSampledMB = sampler.stop();
  const peakMB = reset ? peakRssMB(server.pid) : peakSampledMB;
  const { longestMs } = await probe.stop();
  // The fetch that brought the change: the link's redirect, then the download's 200.
  const after = sheet.requests.filter((r) => r.arrivedAt >= changedAt);
  const asked = after.find((r) => !isDownload(r));
  const downloaded = after.find((r) => isDownload(r) && r.status === 200);
  await sleep(settleMs);
  const to = await healthVersion(server.url);
  if (to === from) throw new Error(`the catalog version went back to ${from}`);
  return {
    trigger,
    afterPollMs,
    from,
    to,
    ms: at - changedAt,
    waitMs: asked === undefined ? undefined : asked.arrivedAt - changedAt,
    downloadMs:
      asked === undefined || downloaded === undefined
        ? undefined
        : downloaded.sentAt - asked.arrivedAt,
    serverMs: log.find(from, to)?.ms,
    idleLongestMs,
    longestStallMs: longestMs,
    rssBeforeMB,
    peakMB,
    peakSampledMB,
    rssAfterMB: rssMB(server.pid),
  };
}
