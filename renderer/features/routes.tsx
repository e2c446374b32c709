// The dashboards' routes and navigation entries, mounted by the app shell under its signed-in frame.
import type { RouteObject } from 'react-router';
import type { IconName } from '../components/Icon';
import { CoursesPage } from './courses/CoursesPage';
import { CoursePage } from './courses/CoursePage';
import { OrdersPage } from './orders/OrdersPage';
import { OrderDrawer } from './orders/OrderDrawer';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { CouponsPage } from './money/CouponsPage';
import { NewCouponPage } from './money/NewCouponPage';
import { MemberPanel, SubscriptionsPage } from './money/SubscriptionsPage';
import { ActivityPage } from './writes/ActivityPage';
import { EventsPage } from './events/EventsPage';
import { EventPage } from './events/EventPage';
import { CommentsPage } from './comments/CommentsPage';
import { StudentProfilePage } from './people/StudentProfilePage';
import { MembersPage } from './people/MembersPage';
import { ExplorerPage } from './explorer/ExplorerPage';
import { StudentsWithBulk } from './students/StudentsWithBulk';
import './dashboards.css';

interface DashboardNavEntry {
  to: string;
  label: string;
  icon?: IconName;
}

export const dashboardNav: DashboardNavEntry[] = [
  { to: '/courses', label: 'Courses' },
  { to: '/orders', label: 'Orders' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/students', label: 'Students' },
  { to: '/members', label: 'Members' },
  { to: '/coupons', label: 'Coupons' },
  { to: '/subscriptions', label: 'Subscriptions' },
  { to: '/events', label: 'Events', icon: 'calendar' },
  { to: '/comments', label: 'Comments', icon: 'message' },
  { to: '/activity', label: 'Activity' },
  { to: '/explore', label: 'More' },
];

export const dashboardRoutes: RouteObject[] = [
  { path: 'courses', element: <CoursesPage /> },
  // An order opens as a drawer over the page it was opened from (the Orders list or a course's page), so
  // closing it lands back there; `overlay` tells the frame this is no new page (focus stays with the drawer).
  { path: 'courses/:courseId', element: <CoursePage />, children: [{ path: 'orders/:orderId', element: <OrderDrawer />, handle: { overlay: true } }] },
  { path: 'orders', element: <OrdersPage />, children: [{ path: ':orderId', element: <OrderDrawer />, handle: { overlay: true } }] },
  { path: 'analytics', element: <AnalyticsPage /> },
  { path: 'coupons', element: <CouponsPage /> },
  { path: 'coupons/new', element: <NewCouponPage /> },
  { path: 'subscriptions', element: <SubscriptionsPage />, children: [{ path: 'members/:memberId', element: <MemberPanel /> }] },
  { path: 'activity', element: <ActivityPage /> },
  { path: 'events', element: <EventsPage /> },
  { path: 'events/:eventId', element: <EventPage /> },
  { path: 'comments', element: <CommentsPage /> },
  { path: 'students/:studentId', element: <StudentProfilePage /> },
  { path: 'members', element: <MembersPage /> },
  { path: 'explore', element: <ExplorerPage /> },
  { path: 'explore/:area', element: <ExplorerPage /> },
  { path: 'students', element: <StudentsWithBulk /> },
];
