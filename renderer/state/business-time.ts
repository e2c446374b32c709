// The clock business dates follow on every screen: the school's time zone (its platform's school record) by
// default, or this computer's when the admin chose so in Settings. Every range, bucket, date and CSV time
// of the dashboards is in it, and each screen names it once (features/common/TimeZoneNote).
import { useCallback } from 'react';
import { t } from '../../shared/i18n/i18n';
import type { TimeZoneSource } from '../../shared/ipc/app';
import type { SchoolProfile } from '../../shared/model/school';
import { invoke, useInvokeQuery } from '../lib/bridge-hooks';
import { useActiveAccount } from './active-account';
import { useNotices } from './notices';
import { useUiStore } from './ui-store';

interface BusinessTime {
  /** The zone every business date is in. */
  timeZone: string;
  /** Whose zone it is: the school's, or this computer's (chosen, or because the school's is not known). */
  source: TimeZoneSource;
  /** The school's zone, when the platform told it. */
  schoolTimeZone: string | null;
  computerTimeZone: string;
  school: SchoolProfile | null;
  /** False while the school record is still being read: a screen waits rather than show another zone's days first. */
  settled: boolean;
}

function computerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Picks the zone from the setting and what is known of the school: pure, so the rule is unit-tested. */
export function businessTimeOf(source: TimeZoneSource, school: SchoolProfile | null, computer: string, settled: boolean): BusinessTime {
  const useSchool = source === 'school' && school !== null;
  return {
    timeZone: useSchool ? school.timeZone : computer,
    source: useSchool ? 'school' : 'computer',
    schoolTimeZone: school?.timeZone ?? null,
    computerTimeZone: computer,
    school,
    settled,
  };
}

/** Whose zone it is, in words (the page note, and the time fields of New coupon and an event). */
export function zoneOwnerWords(time: Pick<BusinessTime, 'source' | 'schoolTimeZone'>): string {
  if (time.source === 'school') return t('common:timeZone.owners.school');
  // Chosen in Settings, or the platform did not say which zone the school keeps.
  return t(time.schoolTimeZone === null ? 'common:timeZone.owners.computerUnknown' : 'common:timeZone.owners.computerChosen');
}

/** The school on screen, as its platform describes it (null while unknown: no account, not read yet, or unreadable). */
export function useSchoolProfile(): { school: SchoolProfile | null; settled: boolean } {
  const account = useActiveAccount();
  // The school's zone and currency change rarely: one read per school and session (data.invalidated refreshes it).
  const query = useInvokeQuery('data.school', { accountId: account?.id ?? '' }, { enabled: account !== null, staleTime: Infinity, retry: false });
  return { school: query.data?.data ?? null, settled: account === null || query.isSuccess || query.isError };
}

export function useBusinessTime(): BusinessTime {
  const source = useUiStore((s) => s.timeZoneSource);
  const { school, settled } = useSchoolProfile();
  return businessTimeOf(source, school, computerTimeZone(), settled);
}

export function useSetTimeZoneSource(): (source: TimeZoneSource) => void {
  const set = useUiStore((s) => s.setTimeZoneSource);
  const push = useNotices((s) => s.push);
  return useCallback(
    (source: TimeZoneSource) => {
      const before = useUiStore.getState().timeZoneSource;
      set(source);
      invoke('settings.set', { timeZoneSource: source }).catch(() => {
        set(before);
        push({ tone: 'warning', title: t('common:timeZone.saveFailed'), message: t('common:timeZone.saveFailedBody') });
      });
    },
    [set, push],
  );
}
