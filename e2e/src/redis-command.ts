import { createConnection } from 'node:net';

/** A Redis answer: a status or bulk string, an integer, nil, or an array of answers. */
export type RedisReply = string | number | null | RedisReply[];

const CRLF = '\r\n';

/**
 * Sends one command to the Redis at `url` (`redis://host:port`) on a connection of its own and
 * resolves its answer (bulk strings as UTF-8 text); rejects on a Redis error or when there is no
 * answer within `timeoutMs`. What a test reads Redis with, without a client library.
 *
 * @example await redisCommand(stack.redisUrl, 'HGETALL', 'clicks:day:2026-11-26')
 */
export function redisCommand(
  url: string,
  args: readonly string[],
  timeoutMs = 2_000,
): Promise<RedisReply> {
  const { hostname, port } = new URL(url);
  const request = Buffer.concat([
    Buffer.from(`*${args.length}${CRLF}`),
    ...args.map((arg) => Buffer.from(`$${Buffer.byteLength(arg)}${CRLF}${arg}${CRLF}`)),
  ]);
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) }, () =>
      socket.write(request),
    );
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no answer from Redis to ${args[0]} within ${timeoutMs} ms`));
    });
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      let parsed: Parsed | undefined;
      try {
        parsed = parseReply(received, 0);
      } catch (err) {
        socket.destroy();
        reject(err);
        return;
      }
      if (parsed === undefined) return;
      socket.destroy();
      resolve(parsed.value);
    });
    socket.once('error', reject);
  });
}

interface Parsed {
  readonly value: RedisReply;
  readonly next: number;
}

/** The reply starting at `at`, or undefined when it has not fully arrived yet. */
function parseReply(buffer: Buffer, at: number): Parsed | undefined {
  const end = buffer.indexOf(CRLF, at);
  if (end === -1) return undefined;
  const type = String.fromCharCode(buffer[at]!);
  const line = buffer.toString('utf8', at + 1, end);
  const next = end + CRLF.length;
  switch (type) {
    case '+':
      return { value: line, next };
    case '-':
      throw new Error(`Redis error: ${line}`);
    case ':':
      return { value: Number(line), next };
    case '$': {
      const length = Number(line);
      if (length < 0) return { value: null, next };
      if (buffer.length < next + length + CRLF.length) return undefined;
      return { value: buffer.toString('utf8', next, next + length), next: next + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, next };
      const items: RedisReply[] = [];
      let offset = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, offset);
        if (item === undefined) return undefined;
        items.push(item.value);
        offset = item.next;
      }
      return { value: items, next: offset };
    }
    default:
      throw new Error(`unexpected Redis reply type ${JSON.stringify(type)}`);
  }
}
