// `node apps/auth/dist/keygen.js [kid]`: prints a new private signing key as a JWK Set, ready for
// JWT_PRIVATE_KEYS or a JWT_PRIVATE_KEYS_FILE. To rotate, add its key to the existing set.
import { generateSigningKey } from '@repo/jwt';

const kid = process.argv[2];
process.stdout.write(`${JSON.stringify({ keys: [generateSigningKey(kid)] })}\n`);
