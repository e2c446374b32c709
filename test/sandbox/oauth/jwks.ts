// The ID-token signing key: RSA generated at start (never written anywhere), published at jwks_uri.
import { createSign, generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

export interface IdTokenSigner {
  jwks: { keys: Record<string, unknown>[] };
  sign(claims: Record<string, unknown>): string;
}

export async function createIdTokenSigner(): Promise<IdTokenSigner> {
  const { publicKey, privateKey } = await generate('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('base64url');
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  return {
    jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] },
    sign(claims) {
      const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
      const payload = base64url(JSON.stringify(claims));
      const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey as KeyObject);
      return `${header}.${payload}.${signature.toString('base64url')}`;
    },
  };
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
