// The registry of dynamically registered clients (RFC 7591). In memory: a restart forgets them all, which
// is exactly the "the platform forgot my client" case the app must survive.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type ClientAuthMethod = 'none' | 'client_secret_post';

export interface RegisteredClient {
  clientId: string;
  /** SHA-256 of the secret; the secret itself is only ever in the registration response. */
  secretHash: Buffer | null;
  authMethod: ClientAuthMethod;
  redirectUris: string[];
  issuedAt: number;
  /** The metadata as echoed in the registration response. */
  metadata: Record<string, unknown>;
}

export class ClientRegistry {
  readonly #clients = new Map<string, RegisteredClient>();
  /** Called after a client was registered or forgotten (the demo platform saves its state then). */
  onChange: () => void = () => undefined;

  all(): RegisteredClient[] {
    return [...this.#clients.values()];
  }

  /** Puts back a client from saved state (the demo platform after a restart). */
  restore(client: RegisteredClient): void {
    this.#clients.set(client.clientId, client);
  }

  register(input: Omit<RegisteredClient, 'clientId' | 'secretHash' | 'issuedAt'>, now: number): { client: RegisteredClient; secret: string | null } {
    const clientId = `sbx_client_${randomBytes(12).toString('base64url')}`;
    const secret = input.authMethod === 'client_secret_post' ? `sbx_secret_${randomBytes(24).toString('base64url')}` : null;
    const client: RegisteredClient = {
      ...input,
      clientId,
      secretHash: secret ? sha256(secret) : null,
      issuedAt: Math.floor(now / 1000),
    };
    this.#clients.set(clientId, client);
    this.onChange();
    return { client, secret };
  }

  get(clientId: string): RegisteredClient | undefined {
    return this.#clients.get(clientId);
  }

  forget(clientId: string): boolean {
    const forgotten = this.#clients.delete(clientId);
    this.onChange();
    return forgotten;
  }

  forgetAll(): string[] {
    const ids = [...this.#clients.keys()];
    this.#clients.clear();
    this.onChange();
    return ids;
  }

  secretMatches(client: RegisteredClient, secret: string): boolean {
    return client.secretHash !== null && timingSafeEqual(client.secretHash, sha256(secret));
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
