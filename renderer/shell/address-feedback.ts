// What the address field says while the admin types: nothing on an empty field (until they press Connect:
// then what to enter), the problem once they pause (or leave the field, or submit), and where the app will
// connect once the address is good. After a failed connect to that very address, the failure speaks: no
// green "will connect to" next to "Couldn't reach that address".
import { normalizeSchoolAddress } from '../../shared/school-address';

type AddressFeedback = { kind: 'none' } | { kind: 'error'; message: string } | { kind: 'ok'; url: string };

interface AddressFeedbackContext {
  /** The admin pressed Connect (or Enter) with this input. */
  submitted?: boolean;
  /** The address a connect just failed for, if any. */
  failedFor?: string | null;
}

export function addressFeedback(input: string, settled: boolean, context: AddressFeedbackContext = {}): AddressFeedback {
  const result = normalizeSchoolAddress(input);
  if (input.trim().length === 0) return context.submitted && !result.ok ? { kind: 'error', message: result.message } : { kind: 'none' };
  if (result.ok) return context.failedFor === result.url ? { kind: 'none' } : { kind: 'ok', url: result.url };
  return settled ? { kind: 'error', message: result.message } : { kind: 'none' };
}
