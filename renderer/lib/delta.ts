// How a change against the previous period reads: "+12.5%", up arrow, good or bad depending on the metric.
// The number is written like every other percentage on the dashboards (formatChange: the locale's own
// percent format with one decimal), only with a sign.
import { t } from '../../shared/i18n/i18n';
import { formatChange, systemLocale } from './format';
interface DeltaWords {
  text: string;
  arrow: '↑' | '↓' | '→';
  tone: 'positive' | 'negative' | 'neutral';
  /** For screen readers, which do not read arrows: "up 12.5%, better". */
  spoken: string;
}

export function describeDelta(delta: number, lowerIsBetter = false, locale: string = systemLocale().locale): DeltaWords {
  if (!Number.isFinite(delta)) return { text: t('common:delta.notAvailable'), arrow: '→', tone: 'neutral', spoken: t('common:delta.noComparison') };
  const rounded = Math.round(delta * 1000) / 1000; // what the text shows (0.1 %) decides "flat"
  const text = formatChange(rounded, locale);
  if (rounded === 0) return { text, arrow: '→', tone: 'neutral', spoken: t('common:delta.unchanged') };
  const up = rounded > 0;
  const good = up !== lowerIsBetter;
  return {
    text,
    arrow: up ? '↑' : '↓',
    tone: good ? 'positive' : 'negative',
    spoken: t(up ? (good ? 'common:delta.upBetter' : 'common:delta.upWorse') : good ? 'common:delta.downBetter' : 'common:delta.downWorse', { change: text.replace(/^[+\-\u2212]/, '') }),
  };
}
