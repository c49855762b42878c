import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';

/**
 * The baseline of `POST /oauth/token`: one ES256 signature with jose per request, the same header
 * and claims, no form parsing, validation or logging. The ratio shows what the token endpoint adds
 * to the signature itself.
 */
export default async function bareSign(app: FastifyInstance) {
  const { privateKey } = await generateKeyPair('ES256');
  app.get('/bare/sign', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ client_id: 'bench', scope: 'public', jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: 'bare', typ: 'at+jwt' })
      .setIssuer('http://127.0.0.1')
      .setSubject('bench')
      .setAudience(['http://127.0.0.1', 'http://127.0.0.1/mcp'])
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(privateKey);
    return { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'public' };
  });
}
