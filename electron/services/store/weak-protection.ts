// The admin's agreement to keep sign-ins with weak protection (Linux basic_text). It lives in its own file
// that only the main process writes, after it asked the admin itself (a native dialog): not in the settings
// the page changes through settings.set. It names the key store it was given for; another one asks again.
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../log';
import { JsonFile } from './json-file';

const Consent = z.object({ backend: z.string().nullable(), agreedAt: z.string().nullable() });

export class WeakProtectionConsent {
  private constructor(private readonly file: JsonFile<typeof Consent>, private current: z.infer<typeof Consent>) {}

  static async open(dataDir: string, logger?: Logger): Promise<WeakProtectionConsent> {
    const file = new JsonFile(join(dataDir, 'weak-protection.json'), Consent, () => ({ backend: null, agreedAt: null }), logger);
    return new WeakProtectionConsent(file, await file.load());
  }

  agreedFor(backend: string): boolean {
    return this.current.backend === backend;
  }

  async agree(backend: string, at: Date = new Date()): Promise<void> {
    const next = { backend, agreedAt: at.toISOString() };
    await this.file.save(next);
    this.current = next;
  }
}
