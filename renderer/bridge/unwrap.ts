// Both transports answer with an envelope; the UI gets a value or a thrown AppError with its code.
import { AppError, SerializedAppError } from '../../shared/errors';
import { t } from '../../shared/i18n/i18n';
import { InvokeResult } from '../../shared/ipc/wire';

export function unwrapResult(raw: unknown): unknown {
  const parsed = InvokeResult.safeParse(raw);
  if (!parsed.success) throw new AppError('internal', t('errors:bridge.unreadable'));
  if (parsed.data.ok) return parsed.data.value;
  throw AppError.fromJSON(SerializedAppError.parse(parsed.data.error));
}
