// Every business operation of shared/platform/endpoints.ts, served from the demo platform. The sandbox core
// hosts these behind test/sandbox/http/business-route.ts (it authenticates and enforces each route's scope).
import type { BusinessRoute } from '../http/business-route';
import type { DemoPlatform } from '../data';
import { analyticsRoutes } from './analytics-routes';
import { courseRoutes } from './courses';
import { eventRoutes } from './events';
import { orderRoutes } from './orders';
import { peopleRoutes } from './people';
import { enrollmentRoutes } from './enrollment-routes';
import { schoolRoutes } from './school';

export function createBusinessRoutes(platform: DemoPlatform): BusinessRoute[] {
  return [...schoolRoutes(platform), ...eventRoutes(platform), ...courseRoutes(platform), ...peopleRoutes(platform), ...enrollmentRoutes(platform), ...orderRoutes(platform), ...analyticsRoutes(platform)];
}
