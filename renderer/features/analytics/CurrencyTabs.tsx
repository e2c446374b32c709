// One tab per currency: amounts in two currencies are never added, so each gets its own view.
import { useId, useRef } from 'react';

export function CurrencyTabs({ currencies, value, onChange, label }: { currencies: string[]; value: string; onChange(currency: string): void; label: string }) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (currencies.length <= 1) return null;
  return (
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
  );
}
