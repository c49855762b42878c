/** What a browser test starts and must end: a server (`stop`) or a browser (`close`). */
type Started = { stop(): Promise<void> } | { close(): Promise<void> };

/**
 * Starts them all at once, as `Promise.all` does, and when one fails ends those that did start
 * before it rejects: with `Promise.all`, a file whose Chromium could not launch never learnt of
 * the server it had started, and left it running after the run.
 */
export async function startedTogether<P extends readonly Promise<Started>[]>(
  starts: [...P],
): Promise<{ -readonly [K in keyof P]: Awaited<P[K]> }> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed === undefined) {
    return settled.map((s) => (s as PromiseFulfilledResult<Started>).value) as {
      -readonly [K in keyof P]: Awaited<P[K]>;
    };
  }
  await Promise.allSettled(
    settled.flatMap((s) => (s.status === 'fulfilled' ? [end(s.value)] : [])),
  );
  throw failed.reason;
}

function end(started: Started): Promise<void> {
  return 'stop' in started ? started.stop() : started.close();
}
