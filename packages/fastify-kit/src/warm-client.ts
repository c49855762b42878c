// The thread that sends a listening server's warm-up requests (see `injectWarm`): the client's
// socket and streams live in this thread's heap, and the thread that serves sees only the
// server's side of each connection, as it does for every client.
import { connect } from 'node:net';
import { parentPort } from 'node:worker_threads';

/** One request to send: its whole head, on a connection of its own that the server closes. */
export interface WarmSend {
  readonly id: number;
  readonly host: string;
  readonly port: number;
  readonly head: string;
}

/** The status code of its answer, or why there is none. */
export type WarmAnswer =
  | { readonly id: number; readonly status: number }
  | { readonly id: number; readonly error: string };

// Its own server answers a warm-up in milliseconds; one that takes this long is wedged.
const SOCKET_TIMEOUT_MS = 30_000;
// `HTTP/1.1 200 ` and the first byte of its reason.
const STATUS_END = 14;

/**
 * The answer read to its end without an HTTP client, whose classes would be the same as the
 * server's; only its status line is parsed.
 */
function send({ host, port, head }: WarmSend): Promise<number> {
  return new Promise((resolve, reject) => {
    let status = '';
    const socket = connect({ host, port });
    socket.setTimeout(SOCKET_TIMEOUT_MS, () =>
      socket.destroy(new Error(`no answer to a warm-up request in ${SOCKET_TIMEOUT_MS} ms`)),
    );
    socket.on('data', (chunk: Buffer) => {
      if (status.length < STATUS_END) status += chunk.toString('latin1', 0, STATUS_END);
    });
    socket.on('error', reject);
    socket.on('close', (failed) => {
      const code = /^HTTP\/1\.[01] (\d{3}) /.exec(status)?.[1];
      if (code !== undefined) resolve(Number(code));
      else if (!failed) reject(new Error('no HTTP answer to a warm-up request'));
    });
    // Written, not ended: a server that sees its client's end before it has answered aborts the
    // request (Node's default, without `httpAllowHalfOpen`).
    socket.write(head, 'latin1');
  });
}

parentPort?.on('message', (request: WarmSend) => {
  send(request).then(
    (status) => parentPort!.postMessage({ id: request.id, status } satisfies WarmAnswer),
    (error: Error) =>
      parentPort!.postMessage({ id: request.id, error: error.message } satisfies WarmAnswer),
  );
});
