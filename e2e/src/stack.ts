import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBinaries } from './config.js';
import { upstreamServers, writeGatewayConfig } from './gateway.js';
import { answers200, freePort, launch, type Managed, waitUntil } from './processes.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a test asks of the stack. */
export interface StackOptions {
  /** How many mcp processes behind the gateway (default 2). */
  readonly mcpReplicas?: number;
  /** How many web processes behind the gateway (default 1): `web`, then `web-2`, … */
  readonly webReplicas?: number;
  /** Start a Redis and give the apps `REDIS_URL` (default true). */
  readonly redis?: boolean;
  /** Extra variables for every app (rate-limit budgets, keys…). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Give each app its own `DATA_DIR` (`data/<name>`), as each container has its own volume
   * (default false: one folder for all, as on one host).
   */
  readonly ownDataDirs?: boolean;
}

/** The production shape on loopback: the real gateway in front of separate app processes. */
export interface Stack {
  /** The gateway's origin: the service's BASE_URL. */
  readonly baseUrl: string;
  readonly redisUrl: string | undefined;
  /** Every process, by name (`web`, `auth`, `mcp-1`, `mcp-2`, `gateway`, `redis`; `web-2`, …). */
  readonly processes: ReadonlyMap<string, Managed>;
  /** Direct address of an app process, bypassing the gateway. */
  directUrl(name: string): string;
  /** The `DATA_DIR` an app process was given. */
  dataDir(name: string): string;
  /** Stops one process (SIGTERM) and starts it again on the same port. */
  restart(name: string): Promise<void>;
  /** Stops one process (SIGTERM) and waits for its exit; {@link startProcess} brings it back. */
  stopProcess(name: string): Promise<void>;
  /** Starts a stopped process again on its port, with its environment, and waits until it answers. */
  startProcess(name: string): Promise<void>;
  stop(): Promise<void>;
}

interface Spec {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly port: number;
  readonly ready: (m: Managed) => Promise<void>;
}

/**
 * Starts Redis, the auth, web and mcp apps (built `dist/server.js`, each its own process) and the
 * real nginx gateway from `infra/gateway`, all on free loopback ports, and waits until each answers.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const binaries = loadBinaries();
  const dir = await mkdtemp(join(tmpdir(), 'catalog-stack-'));
  const gatewayPort = await freePort();
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const specs = new Map<string, Spec>();
  const running = new Map<string, Managed>();

  const redisPort = options.redis === false ? undefined : await freePort();
  const redisUrl = redisPort === undefined ? undefined : `redis://127.0.0.1:${redisPort}`;
  const common: Record<string, string> = {
    HOST: '127.0.0.1',
    BASE_URL: baseUrl,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  };

  const app = async (name: string, entry: string): Promise<Spec> => {
    const port = await freePort();
    return {
      name,
      command: process.execPath,
      args: [join(root, entry)],
      env: {
        ...common,
        ...(options.ownDataDirs ? { DATA_DIR: join(dir, 'data', name) } : {}),
        PORT: String(port),
      },
      port,
      ready: (m) => waitUntil(m, () => answers200(`http://127.0.0.1:${port}/health.json`)),
    };
  };

  if (redisPort !== undefined) {
    specs.set('redis', {
      name: 'redis',
      command: binaries.redisServer,
      args: [
        '--port',
        String(redisPort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      env: { PATH: binaries.path },
      port: redisPort,
      ready: (m) => waitUntil(m, () => redisAnswers(redisPort)),
    });
  }
  specs.set('auth', await app('auth', 'apps/auth/dist/server.js'));
  const webPorts: number[] = [];
  for (let i = 1; i <= (options.webReplicas ?? 1); i++) {
    const spec = await app(i === 1 ? 'web' : `web-${i}`, 'apps/web/dist/server.js');
    webPorts.push(spec.port);
    specs.set(spec.name, spec);
  }
  const mcpPorts: number[] = [];
  for (let i = 1; i <= (options.mcpReplicas ?? 2); i++) {
    const spec = await app(`mcp-${i}`, 'apps/mcp/dist/server.js');
    mcpPorts.push(spec.port);
    specs.set(spec.name, spec);
  }
  const config = await writeGatewayConfig(join(root, 'infra/gateway/nginx.conf.template'), dir, {
    GATEWAY_PORT: String(gatewayPort),
    WEB_UPSTREAM_SERVERS: upstreamServers(webPorts),
    MCP_UPSTREAM_SERVERS: upstreamServers(mcpPorts),
    AUTH_UPSTREAM_SERVERS: upstreamServers([specs.get('auth')!.port]),
  });
  specs.set('gateway', {
    name: 'gateway',
    command: binaries.nginx,
    args: [
      '-p',
      dir,
      '-c',
      config,
      '-e',
      'stderr',
      '-g',
      `daemon off; pid ${join(dir, 'nginx.pid')};`,
    ],
    env: { PATH: binaries.path },
    port: gatewayPort,
    ready: (m) => waitUntil(m, () => answers200(`${baseUrl}/health.json`)),
  });

  const start = async (spec: Spec) => {
    const managed = launch(spec.name, spec.command, spec.args, spec.env);
    running.set(spec.name, managed);
    await spec.ready(managed);
  };

  const stop = async () => {
    await Promise.all([...running.values()].map((m) => m.stop()));
    await rm(dir, { recursive: true, force: true });
  };

  const specOf = (name: string): Spec => {
    const spec = specs.get(name);
    if (!spec) throw new Error(`no process named ${name}`);
    return spec;
  };

  try {
    for (const spec of specs.values()) await start(spec);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    baseUrl,
    redisUrl,
    processes: running,
    directUrl: (name) => `http://127.0.0.1:${specs.get(name)?.port}`,
    dataDir: (name) => specOf(name).env.DATA_DIR ?? '',
    async restart(name) {
      await running.get(specOf(name).name)?.stop();
      await start(specOf(name));
    },
    async stopProcess(name) {
      await running.get(specOf(name).name)?.stop();
    },
    async startProcess(name) {
      await start(specOf(name));
    },
    stop,
  };
}

async function redisAnswers(port: number): Promise<boolean> {
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}
