import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { JwtKeyError } from './errors.js';
import {
  type ParseSigningKeysOptions,
  type PrivateJwk,
  parseSigningKeys,
  type SigningKeys,
} from './signing-keys.js';

/**
 * Generates a new EC P-256 private key as a JWK, with a `kid` of the day and a random suffix
 * (`2025-11-21-3f9c1a2b`) so rotated keys sort by age.
 *
 * @example const jwk = generateSigningKey(); // { kty: 'EC', crv: 'P-256', d: '…', kid: '2025-11-21-…' }
 */
export function generateSigningKey(kid?: string): PrivateJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y, d } = privateKey.export({ format: 'jwk' });
  if (!x || !y || !d) throw new JwtKeyError('the generated key could not be exported');
  const id = kid ?? `${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  return { kty: 'EC', crv: 'P-256', x, y, d, kid: id, alg: 'ES256', use: 'sig' };
}

/**
 * Reads and validates a file of signing keys (same JSON forms as {@link parseSigningKeys}).
 *
 * @throws {JwtKeyError} when the file cannot be read or holds no usable key.
 * @example const keys = readSigningKeys('data/keys/signing-keys.json');
 */
export function readSigningKeys(path: string, options: ParseSigningKeysOptions = {}): SigningKeys {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? 'error'})`;
    throw new JwtKeyError(`the key file ${path} ${why}`, { cause });
  }
  try {
    return parseSigningKeys(text, options);
  } catch (cause) {
    throw new JwtKeyError(`the key file ${path}: ${(cause as Error).message}`, { cause });
  }
}

/**
 * Makes sure a key file exists: on first use it generates one key and writes it as a JWK Set,
 * readable by the owner only; later calls leave the file alone, so tokens it signed stay valid
 * across restarts. Safe when several processes start at once: the file appears whole or not at all.
 *
 * @returns `true` when this call created the file.
 * @example ensureKeyFile('data/keys/signing-keys.json');
 */
export function ensureKeyFile(path: string): boolean {
  if (existsSync(path)) return false;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify({ keys: [generateSigningKey()] }, null, 2)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    // link() never replaces an existing file: the first process to get here wins, the rest reuse it.
    linkSync(temp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(temp);
  }
}
