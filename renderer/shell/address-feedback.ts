// What the address field says while the admin types: nothing on an empty field, the problem once they
// pause (or leave the field, or submit), and where the app will connect once the address is good.
import { normalizeSchoolAddress } from '../../shared/school-address';

export type AddressFeedback = { kind: 'none' } | { kind: 'error'; message: string } | { kind: 'ok'; url: string };

export function addressFeedback(input: string, settled: boolean): AddressFeedback {
  if (input.trim().length === 0) return { kind: 'none' };
  const result = normalizeSchoolAddress(input);
  if (result.ok) return { kind: 'ok', url: result.url };
  return settled ? { kind: 'error', message: result.message } : { kind: 'none' };
}
