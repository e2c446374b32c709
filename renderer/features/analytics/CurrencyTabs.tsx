// One tab per currency: amounts in two currencies are never added, so each gets its own view. The view is
// the children, in the tab panel the selected tab controls (with one currency: the children alone).
import { useId, useRef, type ReactNode } from 'react';

export function CurrencyTabs({ currencies, value, onChange, label, children }: { currencies: string[]; value: string; onChange(currency: string): void; label: string; children?: ReactNode }) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (currencies.length <= 1) return <>{children}</>;
  return (
    <>
    <div className="tabs tabs-small" role="tablist" aria-label={label}>
      {currencies.map((currency, i) => (
        <button
          key={currency}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-${currency}`}
          aria-selected={currency === value}
          aria-controls={`${id}-panel`}
          tabIndex={currency === value ? 0 : -1}
          className={`tab${currency === value ? ' is-active' : ''}`}
          onClick={() => onChange(currency)}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            e.preventDefault();
            const next = (i + step + currencies.length) % currencies.length;
            onChange(currencies[next] as string);
            refs.current[next]?.focus();
          }}
        >
          {currency}
        </button>
      ))}
    </div>
    <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`} className="currency-panel">
      {children}
    </div>
    </>
  );
}
