import { once } from 'node:events';
import { createServer } from 'node:net';

/** A free loopback port for a server process under test. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}
