// The one place where what the palette finds (synced orders; kept courses and coupons, already in the app's
// terms) becomes a SearchHit (shared/model/search.ts). Subtitles are phrased when asked, in the UI language of
// that moment (the palette asks again on every open).
import { couponStatus, type CouponView } from '../../../shared/model/money';
import { describeDiscount } from '../../../shared/model/coupon-words';
import { currentUiLocale, t } from '../../../shared/i18n/i18n';
import type { MatchQuality, SearchHit } from '../../../shared/model/search';
import type { Order } from '../../../shared/model/orders';
import { COURSE_STATE_LABELS, ORDER_STATE_LABELS, stateLabel } from '../../../shared/state-labels';
import type { StudentRow } from '../../../shared/ipc/students';

/** A course as the caches hold it: a course of the course list, or only its id and title (title lists). */
export interface CachedCourse {
  id: string;
  title: string;
  state?: 'draft' | 'published' | 'hidden';
  categories?: string[];
  createdAt?: string;
  publishedAt?: string | null;
}

export function toOrderHit(order: Order, match: MatchQuality): SearchHit {
  return {
    kind: 'order',
    id: order.id,
    title: order.tradeNumber,
    subtitle: `${order.buyer.name} · ${order.buyer.email} · ${stateLabel(ORDER_STATE_LABELS, order.state)}`,
    match,
    at: order.paidAt ?? order.createdAt,
  };
}

export function studentSearchFields(student: Pick<StudentRow, 'name' | 'email'>): string[] {
  return [student.email, student.name];
}

export function toStudentHit(student: StudentRow, match: MatchQuality): SearchHit {
  const courses = t('palette:hits.studentCourses', { count: student.coursesCount, courses: student.coursesCount.toLocaleString(currentUiLocale().locale) });
  const parts = [student.email, courses, ...(student.stalled ? [t('palette:hits.studentStalled')] : [])];
  return { kind: 'student', id: student.id, title: student.name, subtitle: parts.join(' · '), match, at: student.lastActiveAt ?? student.joinedAt };
}

export function courseSearchFields(course: CachedCourse): string[] {
  return [course.title];
}

export function toCourseHit(course: CachedCourse, match: MatchQuality): SearchHit {
  const parts = [course.state ? stateLabel(COURSE_STATE_LABELS, course.state) : null, ...(course.categories ?? [])].filter((p): p is string => !!p);
  return { kind: 'course', id: course.id, title: course.title, subtitle: parts.join(' · '), match, at: course.publishedAt ?? course.createdAt ?? null };
}

export function couponSearchFields(coupon: CouponView): string[] {
  return [coupon.code];
}

export function toCouponHit(coupon: CouponView, match: MatchQuality): SearchHit {
  const { locale } = currentUiLocale();
  const status = t(`money:coupons.status.${couponStatus(coupon, Date.now())}`);
  const discount = describeDiscount(coupon.discount, locale);
  const used = t('palette:hits.couponUsed', { count: coupon.redemptions, used: coupon.redemptions.toLocaleString(locale) });
  return { kind: 'coupon', id: coupon.id, title: coupon.code, subtitle: [status, discount, used].join(' · '), match, at: coupon.startsAt };
}
