// Both transports answer with an envelope; the UI gets a value or a thrown AppError with its code.
import { AppError, SerializedAppError } from '../../shared/errors';
import { InvokeResult } from '../../shared/ipc/wire';

export function unwrapResult(raw: unknown): unknown {
  const parsed = InvokeResult.safeParse(raw);
  if (!parsed.success) throw new AppError('internal', 'The app sent an answer the window could not read.');
  if (parsed.data.ok) return parsed.data.value;
  throw AppError.fromJSON(SerializedAppError.parse(parsed.data.error));
}
