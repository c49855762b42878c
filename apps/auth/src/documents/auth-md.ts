import { ACCESS_TOKEN_EXPIRES_IN, MAX_CLIENT_ID_LENGTH, SERVICE_INFO } from '@repo/catalog-core';
import type { AuthUrls } from './urls.js';

/** What auth.md needs besides the URLs. */
export interface AuthMdOptions {
  /** Where a client may write to be known, and for higher-volume access. */
  readonly contactEmail: string;
}

const fence = '```';

/**
 * The auth.md guide for agents (the auth.md protocol's document): an H1 containing "auth.md", a
 * plain statement that no credential is needed, then the interface's discovery order step by step
 * with this deployment's real URLs.
 */
export function renderAuthMd(urls: AuthUrls, options: AuthMdOptions): string {
  const title = SERVICE_INFO.title;
  return `# ${title} auth.md

You are an agent (or the person building one) that wants to use ${title} at <${urls.issuer}>.

**No credential is needed.** Every endpoint is public and read-only: the HTML and Markdown pages,
the discovery documents and the MCP server at <${urls.mcp}>. There is no account, no approval and
no provisioning step; registration is not needed.

An optional OAuth 2.0 bearer token makes your requests attributable: they are logged under your
\`client_id\` and counted in their own rate-limit bucket. A token never changes what you may read,
and a missing, expired or invalid token is served exactly like no token.

## Step 1: discover

1. Fetch the protected resource metadata (RFC 9728):
   \`GET ${urls.protectedResource}\`
   (for the MCP server on its own: \`GET ${urls.protectedResourceMcp}\`).
   It returns \`resource\` (\`${urls.issuer}\`), \`authorization_servers\` (\`["${urls.issuer}"]\`),
   \`scopes_supported\` (\`["public"]\`) and \`bearer_methods_supported\` (\`["header"]\`).
2. Take the issuer from \`authorization_servers\` and fetch its metadata (RFC 8414):
   \`GET ${urls.authorizationServer}\`.
   Check that \`issuer\` is exactly \`${urls.issuer}\`. It returns \`token_endpoint\`
   (\`${urls.token}\`), \`grant_types_supported\` (\`["client_credentials"]\`), \`jwks_uri\` and the
   \`agent_auth\` block, whose \`register_uri\` and \`skill\` point to this document.

## Step 2: get a token

Pick one of two equivalent ways; both return the same kind of token.

### OAuth client credentials

There is no client secret: choose any \`client_id\` (your agent's name is a good one, at most
${MAX_CLIENT_ID_LENGTH} characters).

${fence}sh
curl -s -X POST ${urls.token} \\
  -H 'Content-Type: application/x-www-form-urlencoded' \\
  -d 'grant_type=client_credentials&client_id=<CLIENT_ID>&scope=public'
${fence}

${fence}json
{"access_token":"<ACCESS_TOKEN>","token_type":"Bearer","expires_in":${ACCESS_TOKEN_EXPIRES_IN},"scope":"public"}
${fence}

### Register anonymously (auth.md protocol)

\`agent_auth.register_uri\` is this document's URL: POST to it to register anonymously.

${fence}sh
curl -s -X POST ${urls.authMd} \\
  -H 'Content-Type: application/json' \\
  -d '{"type":"anonymous"}'
${fence}

The answer carries \`registration_id\`, \`registration_type: "anonymous"\`, \`client_id\`,
\`credential_type: "access_token"\`, \`credential\` (the token), \`credential_expires\` and
\`scopes\`, plus the token response fields above. Add \`"client_id": "<CLIENT_ID>"\` to choose
your name; otherwise an \`anonymous-…\` one is made for you.

## Step 3: use the token

Send it on any request as \`Authorization: Bearer <ACCESS_TOKEN>\`. Only the header method is
supported. For example, list the MCP tools:

${fence}sh
curl -s -X POST ${urls.mcp} \\
  -H 'Authorization: Bearer <ACCESS_TOKEN>' \\
  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
${fence}

## Step 4 (optional): verify the token

Tokens are RFC 9068 JWTs signed with ES256: header \`alg: ES256\`, \`kid\`, \`typ: at+jwt\`;
claims \`iss\` (\`${urls.issuer}\`), \`sub\` and \`client_id\` (yours), \`aud\`, \`scope\`
(\`public\`), \`iat\`, \`exp\` and \`jti\`. The public keys are at <${urls.jwks}>.

## Expiry and renewal

A token lives ${ACCESS_TOKEN_EXPIRES_IN / 3600} hour. There is no refresh token: when it expires,
request a new one with the same call.

## Claiming

Not needed. Anonymous registrations are complete as they are; there is nothing to claim
(\`agent_auth.claim_uri\` points to this section).

## Errors

| Status | \`error\` | Where | What to do |
|---|---|---|---|
| 400 | \`invalid_request\` | \`/oauth/token\`, \`POST /auth.md\` | a field is missing or malformed, or the body is not the documented type; fix the request |
| 400 | \`unsupported_grant_type\` | \`/oauth/token\` | use \`grant_type=client_credentials\` |
| 400 | \`invalid_scope\` | \`/oauth/token\` | omit \`scope\` or send \`public\` |
| 405 | \`invalid_request\` | \`/oauth/token\` | only POST is accepted (\`Allow: POST\`) |

Errors are JSON: \`{"error": "...", "error_description": "..."}\`. Do not retry a 400 unchanged; a
5xx may be retried after a pause.

## Revocation

None: tokens expire after one hour. Signing keys rotate through <${urls.jwks}>; tokens signed by
a key stay valid while it is published.

## Contact

To be known, you may e-mail your agent name and user-agent string to <${options.contactEmail}>; this
is optional. The same address answers questions and requests for higher-volume access.
`;
}
