// How a change against the comparison period reads: "+12.5%" for amounts and counts, "+1.2 pp" for rates
// (percentage points: a rate's change is never a percent of the rate), an arrow, good or bad depending on the
// metric. The number is written like every other percentage on the dashboards (the locale's, one decimal).
import { t } from '../../shared/i18n/i18n';
import { formatChange, formatPointsChange, systemLocale } from './format';

/** `relative`: (now − before) / before; `points`: now − before of two rates (0.012 is 1.2 points). */
export type DeltaUnit = 'relative' | 'points';

interface DeltaWords {
  text: string;
  arrow: '↑' | '↓' | '→';
  tone: 'positive' | 'negative' | 'neutral';
  /** For screen readers, which do not read arrows: "up 12.5%, better". */
  spoken: string;
}

export function describeDelta(delta: number, lowerIsBetter = false, locale: string = systemLocale().locale, unit: DeltaUnit = 'relative'): DeltaWords {
  if (!Number.isFinite(delta)) return { text: t('common:delta.notAvailable'), arrow: '→', tone: 'neutral', spoken: t('common:delta.noComparison') };
  const rounded = Math.round(delta * 1000) / 1000; // what the text shows (0.1 % or 0.1 pp) decides "flat"
  const text = unit === 'points' ? formatPointsChange(rounded, locale) : formatChange(rounded, locale);
  if (rounded === 0) return { text, arrow: '→', tone: 'neutral', spoken: t('common:delta.unchanged') };
  const up = rounded > 0;
  const good = up !== lowerIsBetter;
  // Spoken without its sign (the words say up or down), points in full words.
  const change = unit === 'points' ? formatPointsChange(Math.abs(rounded), locale, 'spoken') : text.replace(/^[+\-\u2212]/, '');
  return {
    text,
    arrow: up ? '↑' : '↓',
    tone: good ? 'positive' : 'negative',
    spoken: t(up ? (good ? 'common:delta.upBetter' : 'common:delta.upWorse') : good ? 'common:delta.downBetter' : 'common:delta.downWorse', { change }),
  };
}
