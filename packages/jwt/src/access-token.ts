/** The JOSE `typ` of an RFC 9068 access token. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';

/** Lifetime of an access token in seconds: one hour, with no refresh. */
export const ACCESS_TOKEN_LIFETIME_S = 3600;

/** The only signature algorithm issued and accepted. */
export const ACCESS_TOKEN_ALG = 'ES256';

/** The claims of an RFC 9068 access token as this package issues them. */
export interface AccessTokenClaims {
  readonly iss: string;
  /** Equals `client_id`: the client acts on its own behalf. */
  readonly sub: string;
  readonly aud: string | readonly string[];
  readonly client_id: string;
  /** Space-separated scopes. */
  readonly scope: string;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
}
