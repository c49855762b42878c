// The public API of @repo/jwt: ES256 access tokens (RFC 9068) on jose. Framework-free; it never
// reads the environment (callers pass key JSON or a file path).
export type { AccessTokenClaims } from './access-token.js';
export { ACCESS_TOKEN_ALG, ACCESS_TOKEN_LIFETIME_S, ACCESS_TOKEN_TYPE } from './access-token.js';
export type { Attribution, ClientAttributionOptions } from './attribution.js';
export { createClientAttribution } from './attribution.js';
export type { JwtErrorCode } from './errors.js';
export { isJwtError, JwtError, JwtKeyError, JwtVerificationError } from './errors.js';
export { ensureKeyFile, generateSigningKey, readSigningKeys } from './key-file.js';
export type { KeySet } from './key-set.js';
export { createKeySet } from './key-set.js';
export type { SignAccessTokenOptions, SignedAccessToken } from './sign.js';
export { signAccessToken } from './sign.js';
export type { ParseSigningKeysOptions, PrivateJwk, SigningKeys } from './signing-keys.js';
export { parseSigningKeys } from './signing-keys.js';
export type { TokenVerifier, TokenVerifierOptions } from './verify.js';
export { createTokenVerifier } from './verify.js';
