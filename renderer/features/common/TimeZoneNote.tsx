// The business time zone, named once on each screen (the page header's meta line, through the dashboards'
// frame): "Times in Asia/Taipei, GMT+8 (the school's time zone)".
import { formatZone } from '../../lib/format';
import { useBusinessTime, zoneOwnerWords } from '../../state/business-time';
import { useLocale } from './use-locale';

export function TimeZoneNote() {
  const time = useBusinessTime();
  const { locale } = useLocale();
  return (
    <span className="time-zone-note" data-testid="time-zone" data-time-zone={time.timeZone} data-source={time.source}>
      Times in {formatZone(time.timeZone, locale)} ({zoneOwnerWords(time)})
    </span>
  );
}
