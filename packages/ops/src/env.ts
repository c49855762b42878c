import { EnvError, type EnvIssue } from '@repo/env';
import { Type } from 'typebox';

/**
 * The operations variables every server entry reads: the internal metrics listener and how long a
 * client may take to send a request.
 */
export const opsEnv = {
  METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 65_535,
      description: 'a TCP port from 1 to 65535 for GET /metrics (unset: no metrics listener)',
    }),
  ),
  METRICS_HOST: Type.String({
    default: '127.0.0.1',
    description: 'a host name or IP address for the metrics listener to bind',
  }),
  HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 1_000,
    maximum: 120_000,
    default: 10_000,
    description: 'milliseconds from 1000 to 120000',
  }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 1_000,
    maximum: 600_000,
    default: 30_000,
    description: 'milliseconds from 1000 to 600000',
  }),
};

/** What {@link opsConfig} reads; the output of `parseEnv` over `opsEnv`. */
export interface OpsEnvValues {
  readonly METRICS_PORT?: number | undefined;
  readonly METRICS_HOST: string;
  readonly HEADERS_TIMEOUT_MS: number;
  readonly REQUEST_TIMEOUT_MS: number;
}

/** Where the metrics listener binds; absent when metrics are off. */
export interface MetricsListenConfig {
  readonly host: string;
  readonly port: number;
}

/** How long a client may take to send its request, in milliseconds. */
export interface HttpLimits {
  /** Until the last header line has arrived. */
  readonly headersTimeoutMs: number;
  /** Until the whole request, body included, has arrived; also how long a socket may stay silent. */
  readonly requestTimeoutMs: number;
}

/** The operations part of a server's config. */
export interface OpsConfig {
  readonly metrics?: MetricsListenConfig | undefined;
  readonly http: HttpLimits;
}

/**
 * Maps validated operations variables to config.
 *
 * @param port the server's own `PORT`, which the metrics listener must not share.
 * @throws {EnvError} when the metrics port is the server's port or the headers timeout is longer
 *   than the request timeout (Node refuses that combination).
 */
export function opsConfig(values: OpsEnvValues, port: number): OpsConfig {
  const issues: EnvIssue[] = [];
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === port) {
    issues.push({
      variable: 'METRICS_PORT',
      message: `must differ from PORT: metrics stay off the public port (got ${port})`,
    });
  }
  if (values.HEADERS_TIMEOUT_MS > values.REQUEST_TIMEOUT_MS) {
    issues.push({
      variable: 'HEADERS_TIMEOUT_MS',
      message: `must not exceed REQUEST_TIMEOUT_MS (${values.REQUEST_TIMEOUT_MS})`,
    });
  }
  if (issues.length > 0) throw new EnvError(issues);
  return {
    metrics:
      values.METRICS_PORT === undefined
        ? undefined
        : { host: values.METRICS_HOST, port: values.METRICS_PORT },
    http: {
      headersTimeoutMs: values.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    },
  };
}
