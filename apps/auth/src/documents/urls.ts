/** Every URL the auth documents print, from the one base URL. */
export function authUrls(baseUrl: string) {
  return {
    issuer: baseUrl,
    /** The resources tokens are for: the whole service, and the MCP server on its own (RFC 9728). */
    resources: [baseUrl, `${baseUrl}/mcp`],
    mcp: `${baseUrl}/mcp`,
    token: `${baseUrl}/oauth/token`,
    jwks: `${baseUrl}/.well-known/jwks.json`,
    authorizationServer: `${baseUrl}/.well-known/oauth-authorization-server`,
    protectedResource: `${baseUrl}/.well-known/oauth-protected-resource`,
    protectedResourceMcp: `${baseUrl}/.well-known/oauth-protected-resource/mcp`,
    authMd: `${baseUrl}/auth.md`,
  } as const;
}

/** The URLs of {@link authUrls}. */
export type AuthUrls = ReturnType<typeof authUrls>;
