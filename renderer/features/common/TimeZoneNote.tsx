// The business time zone, named once on each screen (the page header's meta line, through the dashboards'
// frame): "Times in Asia/Taipei, GMT+8 (the school's time zone)".
import { useTranslation } from 'react-i18next';
import { formatZone } from '../../lib/format';
import { useBusinessTime, zoneOwnerWords } from '../../state/business-time';
import { useLocale } from './use-locale';

export function TimeZoneNote() {
  const time = useBusinessTime();
  const { locale } = useLocale();
  const { t } = useTranslation('common');
  return (
    <span className="time-zone-note" data-testid="time-zone" data-time-zone={time.timeZone} data-source={time.source}>
      {t('timeZone.note', { zone: formatZone(time.timeZone, locale), owner: zoneOwnerWords(time) })}
    </span>
  );
}
