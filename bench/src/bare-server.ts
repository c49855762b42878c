// The baseline of every ratio `pnpm bench` prints: bare Fastify routes, no plugins, no logging,
// in their own process on a port given by the runner. Each app's scenarios add their bare twin
// under bare/ (a JSON-RPC route, 20 KB HTML pages kept as bytes, one ES256 signature per request,
// a redirect, a kilobyte of suggestions).
import Fastify from 'fastify';
import bareHtml from './bare/html.js';
import bareJson from './bare/json.js';
import bareJsonRpc from './bare/jsonrpc.js';
import bareRedirect from './bare/redirect.js';
import bareSign from './bare/sign.js';
import bareSuggest from './bare/suggest.js';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });

app.register(bareJson);
app.register(bareHtml);
app.register(bareJsonRpc);
app.register(bareRedirect);
app.register(bareSign);
app.register(bareSuggest);

await app.listen({ host: '127.0.0.1', port });
