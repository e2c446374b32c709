// A labelled <select>: the label is tied to the control by id, so its accessible name is just the label
// (a <select> nested in its <label> would also be named by its current option).
import { useId, type ReactNode } from 'react';

interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  className?: string;
}

export function SelectField({ label, value, onChange, children, className }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field field-inline">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className={['select', className].filter(Boolean).join(' ')} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}
