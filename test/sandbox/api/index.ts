// Every business operation of shared/platform/endpoints.ts, served from the demo platform.
import { z } from 'zod';
import { School } from '../../../shared/platform/resources';
import { OPERATIONS } from '../../../shared/platform/endpoints';
import { BusinessError, type BusinessRoute } from '../http/business-route';
import type { DemoPlatform } from '../data';

export function createBusinessRoutes(platform: DemoPlatform): BusinessRoute[] {
  return [
    {
      operationId: 'getSchool',
      ...OPERATIONS.getSchool,
      responseSchema: z.toJSONSchema(School),
      handle: ({ caller }) => {
        const school = platform.schools.find((s) => s.id === caller.schoolId);
        if (!school) throw new BusinessError(404, 'not_found', `No school ${caller.schoolId}.`);
        return { status: 200, body: school };
      },
    },
  ];
}
