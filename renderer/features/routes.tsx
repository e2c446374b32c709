// The dashboards' routes and navigation entries, mounted by the app shell under its signed-in frame.
import type { RouteObject } from 'react-router';
import { CoursesPage } from './courses/CoursesPage';
import { CoursePage } from './courses/CoursePage';
import { OrdersPage } from './orders/OrdersPage';
import { OrderDrawer } from './orders/OrderDrawer';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import './dashboards.css';

export interface DashboardNavEntry {
  to: string;
  label: string;
}

export const dashboardNav: DashboardNavEntry[] = [
  { to: '/courses', label: 'Courses' },
  { to: '/orders', label: 'Orders' },
  { to: '/analytics', label: 'Analytics' },
];

export const dashboardRoutes: RouteObject[] = [
  { path: 'courses', element: <CoursesPage /> },
  { path: 'courses/:courseId', element: <CoursePage /> },
  { path: 'orders', element: <OrdersPage />, children: [{ path: ':orderId', element: <OrderDrawer /> }] },
  { path: 'analytics', element: <AnalyticsPage /> },
];
