import {
  type EdgeConfig,
  type Env,
  EnvError,
  edgeConfig,
  edgeEnv,
  parseEnv,
  type ServerConfig,
  serverConfig,
  serverEnv,
} from '@repo/env';
import { isJwtError, parseSigningKeys, readSigningKeys, type SigningKeys } from '@repo/jwt';
import { type OpsConfig, opsConfig, opsEnv } from '@repo/ops';
import { Type } from 'typebox';

/** Every variable the auth app reads, with its default. */
export const AuthEnvSchema = Type.Object({
  ...serverEnv(8083),
  ...edgeEnv,
  ...opsEnv,
  JWT_PRIVATE_KEYS: Type.Optional(
    Type.String({
      description: 'private EC P-256 JWK(s) as JSON: one JWK, an array or {"keys": [...]}',
    }),
  ),
  JWT_PRIVATE_KEYS_FILE: Type.Optional(
    Type.String({ description: 'a path to a file holding the private JWK(s) as JSON' }),
  ),
  JWT_CURRENT_KID: Type.Optional(
    Type.String({ minLength: 1, description: 'the kid of the key that signs new tokens' }),
  ),
  // The same variable, rule and default as the web app's, so every document names one address.
  CONTACT_EMAIL: Type.String({
    pattern: '^[^\\s@<>()\\[\\]]+@[^\\s@<>()\\[\\]]+\\.[^\\s@<>()\\[\\]]+$',
    maxLength: 254,
    default: 'contact@example.com',
    description: 'an e-mail address, e.g. catalog@example.com',
  }),
});

/** The validated configuration of the auth app. */
export interface AuthConfig extends ServerConfig {
  /** Every key verifies; `currentKid` signs. */
  readonly signingKeys: SigningKeys;
  /** Trusted gateway, shared rate-limit counts and the token budget. */
  readonly edge: EdgeConfig;
  /** Where clients may write to be known (auth.md). */
  readonly contactEmail: string;
  /** The metrics listener (absent: off) and how long a client may take to send a request. */
  readonly ops: OpsConfig;
}

const HOW_TO_GET_A_KEY =
  'set the private key(s) that sign access tokens as JSON, or JWT_PRIVATE_KEYS_FILE to a file of ' +
  'them (print a new key with: node apps/auth/dist/keygen.js)';

/**
 * Reads and validates the environment once, including the signing keys: the auth app does not
 * start without one.
 *
 * @throws {EnvError} naming every invalid variable, and `JWT_PRIVATE_KEYS` when no key is set.
 */
export function loadConfig(env: Env = process.env): Readonly<AuthConfig> {
  const values = parseEnv(AuthEnvSchema, env);
  return Object.freeze({
    ...serverConfig(values),
    signingKeys: signingKeys(values),
    edge: edgeConfig(values),
    contactEmail: values.CONTACT_EMAIL,
    ops: opsConfig(values, values.PORT),
  });
}

function signingKeys(values: {
  JWT_PRIVATE_KEYS?: string | undefined;
  JWT_PRIVATE_KEYS_FILE?: string | undefined;
  JWT_CURRENT_KID?: string | undefined;
}): SigningKeys {
  const {
    JWT_PRIVATE_KEYS: json,
    JWT_PRIVATE_KEYS_FILE: file,
    JWT_CURRENT_KID: currentKid,
  } = values;
  const variable = file === undefined ? 'JWT_PRIVATE_KEYS' : 'JWT_PRIVATE_KEYS_FILE';
  if (json !== undefined && file !== undefined) {
    throw new EnvError([
      { variable, message: 'set JWT_PRIVATE_KEYS or JWT_PRIVATE_KEYS_FILE, not both' },
    ]);
  }
  if (json === undefined && file === undefined) {
    throw new EnvError([{ variable, message: `is required: ${HOW_TO_GET_A_KEY}` }]);
  }
  try {
    return file === undefined
      ? parseSigningKeys(json ?? '', { currentKid })
      : readSigningKeys(file, { currentKid });
  } catch (err) {
    if (!isJwtError(err)) throw err;
    const names = /current key id/.test(err.message) ? 'JWT_CURRENT_KID' : variable;
    throw new EnvError([{ variable: names, message: err.message }]);
  }
}
