// How a change against the previous period reads: "+12.5 %", up arrow, good or bad depending on the metric.
export interface DeltaWords {
  text: string;
  arrow: '↑' | '↓' | '→';
  tone: 'positive' | 'negative' | 'neutral';
  /** For screen readers, which do not read arrows: "up 12.5 %, better". */
  spoken: string;
}

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export function describeDelta(delta: number, lowerIsBetter = false): DeltaWords {
  if (!Number.isFinite(delta)) return { text: 'n/a', arrow: '→', tone: 'neutral', spoken: 'no comparison' };
  const rounded = Math.round(delta * 1000) / 1000; // what the text shows (0.1 %) decides "flat"
  const text = percent.format(rounded).replace(/(\d)%$/, '$1 %');
  if (rounded === 0) return { text, arrow: '→', tone: 'neutral', spoken: 'unchanged' };
  const up = rounded > 0;
  const good = up !== lowerIsBetter;
  return {
    text,
    arrow: up ? '↑' : '↓',
    tone: good ? 'positive' : 'negative',
    spoken: `${up ? 'up' : 'down'} ${text.replace(/^[+-]/, '')}, ${good ? 'better' : 'worse'}`,
  };
}
