// The real platform access: electron/services/auth's AuthService and electron/services/api's ApiClient.
import { ApiClient } from '../api/api-client';
import { AuthService } from '../auth/auth-service';
import type { PlatformAccessFactory } from './ports';

export const openPlatformAccess: PlatformAccessFactory = async (options) => {
  const auth = await AuthService.open(options);
  const caller = new ApiClient(auth, { logger: options.logger, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return { auth, caller };
};
