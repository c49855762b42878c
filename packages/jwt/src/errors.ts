/** Stable codes of {@link JwtError}; never reused for another meaning. */
export type JwtErrorCode = 'JWT_KEY_INVALID' | 'JWT_INVALID';

/**
 * Base class of every error `@repo/jwt` throws.
 *
 * @example if (isJwtError(err) && err.code === 'JWT_KEY_INVALID') exitWithMessage(err.message);
 */
export class JwtError extends Error {
  override name = 'JwtError';
  readonly code: JwtErrorCode;

  constructor(code: JwtErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/**
 * A signing key or key set that cannot be used: bad JSON, not an EC P-256 private key, missing or
 * duplicate `kid`, or a current key id that names no key. The message never repeats key material.
 */
export class JwtKeyError extends JwtError {
  override name = 'JwtKeyError';

  constructor(message: string, options?: ErrorOptions) {
    super('JWT_KEY_INVALID', message, options);
  }
}

/**
 * A token that does not verify: malformed, forged, signed by an unknown key or algorithm,
 * expired, or with claims of another issuer or audience. `cause` carries jose's error.
 */
export class JwtVerificationError extends JwtError {
  override name = 'JwtVerificationError';

  constructor(message: string, options?: ErrorOptions) {
    super('JWT_INVALID', message, options);
  }
}

/** Tells whether a value is a {@link JwtError}, also across duplicated bundles. */
export function isJwtError(value: unknown): value is JwtError {
  return (
    value instanceof Error &&
    'code' in value &&
    (value.code === 'JWT_KEY_INVALID' || value.code === 'JWT_INVALID')
  );
}
