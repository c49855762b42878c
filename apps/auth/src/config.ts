import { type Env, parseEnv, type ServerConfig, serverConfig, serverEnv } from '@repo/env';
import { Type } from 'typebox';

/** Every variable the auth app reads, with its default. */
export const AuthEnvSchema = Type.Object({ ...serverEnv(8083) });

/** The validated configuration of the auth app. */
export type AuthConfig = ServerConfig;

/**
 * Reads and validates the environment once.
 *
 * @throws {EnvError} naming every invalid variable.
 */
export function loadConfig(env: Env = process.env): Readonly<AuthConfig> {
  return Object.freeze(serverConfig(parseEnv(AuthEnvSchema, env)));
}
