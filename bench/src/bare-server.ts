// The baseline of every ratio `pnpm bench` prints: bare Fastify routes, no plugins, no logging,
// in their own process on a port given by the runner. Later scenarios add their own bare twin
// here (a JSON-RPC route, a 20 KB HTML string, one ES256 signature per request).
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });

app.get('/bare/json', async () => ({ status: 'ok', service: 'bare' }));

await app.listen({ host: '127.0.0.1', port });
process.send?.({ ready: true });
