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
import { t } from '../../shared/i18n/i18n';
import type { en } from '../../shared/i18n/en';

interface DashboardNavEntry {
  to: string;
  /** In the current UI language, read when shown. */
  readonly label: string;
  icon?: IconName;
}

type NavWord = Exclude<keyof typeof en.common.nav, 'main' | 'settings'>;

function navEntry(to: string, word: NavWord, icon?: IconName): DashboardNavEntry {
  return { to, ...(icon ? { icon } : {}), get label() { return t(`common:nav.${word}`); } };
}

export const dashboardNav: DashboardNavEntry[] = [
  navEntry('/courses', 'courses'),
  navEntry('/orders', 'orders'),
  navEntry('/analytics', 'analytics'),
  navEntry('/students', 'students'),
  navEntry('/members', 'members'),
  navEntry('/coupons', 'coupons'),
  navEntry('/subscriptions', 'subscriptions'),
  navEntry('/events', 'events', 'calendar'),
  navEntry('/comments', 'comments', 'message'),
  navEntry('/activity', 'activity'),
  navEntry('/explore', 'more'),
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
