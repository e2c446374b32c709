// The dashboards' routes and navigation entries, mounted by the app shell under its signed-in frame.
// Placeholder until the dashboards work fills it in.
import type { RouteObject } from 'react-router';

export interface DashboardNavEntry {
  to: string;
  label: string;
}

export const dashboardNav: DashboardNavEntry[] = [
  { to: '/courses', label: 'Courses' },
  { to: '/orders', label: 'Orders' },
  { to: '/analytics', label: 'Analytics' },
];

export const dashboardRoutes: RouteObject[] = dashboardNav.map((entry) => ({
  path: entry.to.slice(1),
  element: <section aria-label={entry.label}><h1>{entry.label}</h1></section>,
}));
