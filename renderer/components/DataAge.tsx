// "updated 5 min ago" / "offline: shown from cache, 2 h old": how fresh what is on screen is. Re-reads the
// clock every 30 s so the words stay true on a screen left open.
import { useEffect, useState } from 'react';
import { describeDataAge, toMs } from '../lib/relative-time';
import { useAppStatus } from '../state/app-status';
import { Icon } from './Icon';
import { useUiLocale } from '../state/ui-language';

interface DataAgeProps {
  /** When the data was fetched from the platform (ISO string, epoch ms or Date). */
  updatedAt: string | number | Date | null | undefined;
  /** Shown from the offline cache; defaults to the app's online status. */
  offline?: boolean;
}

export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function DataAge({ updatedAt, offline }: DataAgeProps) {
  const status = useAppStatus();
  const now = useNow();
  const isOffline = offline ?? (status ? !status.online : false);
  const ms = toMs(updatedAt);
  const { locale } = useUiLocale();
  const words = describeDataAge(updatedAt, now, isOffline, locale);
  return (
    <span className={isOffline ? 'data-age data-age-offline' : 'data-age'}>
      {isOffline && <Icon name="wifiOff" size={14} />}
      {ms === null ? words : <time dateTime={new Date(ms).toISOString()} title={new Date(ms).toLocaleString(locale)}>{words}</time>}
    </span>
  );
}
