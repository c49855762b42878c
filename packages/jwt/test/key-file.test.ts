import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ensureKeyFile, generateSigningKey, readSigningKeys } from '../src/key-file.js';

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'jwt-keys-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('generateSigningKey', () => {
  it('makes distinct P-256 private JWKs with a dated kid', () => {
    const one = generateSigningKey();
    const two = generateSigningKey();
    expect(one).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(one.kid).toMatch(/^\d{4}-\d{2}-\d{2}-[0-9a-f]{8}$/);
    expect(one.d).not.toBe(two.d);
    expect(one.kid).not.toBe(two.kid);
  });
});

describe('ensureKeyFile', () => {
  it('creates the file once, owner-only, and keeps it on later calls', () => {
    const path = join(tempDir(), 'nested', 'keys', 'signing-keys.json');
    expect(ensureKeyFile(path)).toBe(true);
    const first = readFileSync(path, 'utf8');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(ensureKeyFile(path)).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(first);
    expect(readSigningKeys(path).keys).toHaveLength(1);
  });
});

describe('readSigningKeys', () => {
  it('names the file when it is missing or bad', () => {
    const dir = tempDir();
    expect(() => readSigningKeys(join(dir, 'nope.json'))).toThrow(/nope\.json does not exist/);
    writeFileSync(join(dir, 'bad.json'), '[]');
    expect(() => readSigningKeys(join(dir, 'bad.json'))).toThrow(
      /bad\.json: signing keys hold no key/,
    );
  });
});
