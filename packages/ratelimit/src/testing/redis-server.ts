import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A free loopback port. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A real redis-server on `port` (Debian's package; CI installs it), stopped by `stop()`. */
export async function startRedis(port: number): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 200; i++) {
    if (await pong(port)) {
      return {
        async stop() {
          const exited = once(child, 'exit');
          child.kill('SIGKILL');
          await exited;
        },
      };
    }
    await sleep(25);
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}
