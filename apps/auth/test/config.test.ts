import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSigningKey } from '@repo/jwt';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../src/config.js';

const a = generateSigningKey('a');
const b = generateSigningKey('b');
const keys = JSON.stringify({ keys: [a, b] });

describe('loadConfig', () => {
  it('defaults to port 8083 and fails naming a bad variable', () => {
    expect(loadConfig({ JWT_PRIVATE_KEYS: keys }).port).toBe(8083);
    expect(() => loadConfig({ JWT_PRIVATE_KEYS: keys, PORT: '-1' })).toThrow(/PORT/);
  });

  it('refuses to start without a key, saying which variable to set and how', () => {
    expect(() => loadConfig({})).toThrow(
      /JWT_PRIVATE_KEYS: is required: .*JWT_PRIVATE_KEYS_FILE.*keygen/,
    );
  });

  it('reads the keys from the variable, the first one current unless JWT_CURRENT_KID says', () => {
    expect(loadConfig({ JWT_PRIVATE_KEYS: keys }).signingKeys.currentKid).toBe('a');
    const config = loadConfig({ JWT_PRIVATE_KEYS: keys, JWT_CURRENT_KID: 'b' });
    expect(config.signingKeys.currentKid).toBe('b');
    expect(config.signingKeys.keys).toHaveLength(2);
  });

  it('reads the keys from a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'auth-config-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'keys.json');
    writeFileSync(file, keys);
    expect(loadConfig({ JWT_PRIVATE_KEYS_FILE: file }).signingKeys.keys).toHaveLength(2);
    expect(() => loadConfig({ JWT_PRIVATE_KEYS_FILE: join(dir, 'missing.json') })).toThrow(
      /JWT_PRIVATE_KEYS_FILE: the key file .*missing\.json does not exist/,
    );
  });

  it.each([
    [{ JWT_PRIVATE_KEYS: '{nope' }, /JWT_PRIVATE_KEYS: signing keys are not valid JSON/],
    [
      { JWT_PRIVATE_KEYS: JSON.stringify({ ...a, d: undefined }) },
      /JWT_PRIVATE_KEYS: key 1 is a public key/,
    ],
    [
      { JWT_PRIVATE_KEYS: keys, JWT_CURRENT_KID: 'c' },
      /JWT_CURRENT_KID: the current key id "c" names no key/,
    ],
    [{ JWT_PRIVATE_KEYS: keys, JWT_PRIVATE_KEYS_FILE: '/x' }, /not both/],
    [
      { JWT_PRIVATE_KEYS: keys, CONTACT_EMAIL: 'nobody' },
      /CONTACT_EMAIL: must be an e-mail address/,
    ],
  ])('names the variable of a bad key setting (%#)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never prints private key material in its errors', () => {
    expect(() => loadConfig({ JWT_PRIVATE_KEYS: JSON.stringify({ ...a, alg: 'RS256' }) })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(a.d) }),
    );
  });
});
