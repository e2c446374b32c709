// Waiting with a known end (or not yet known): a bar with its label, and a Cancel, the rule for anything long.
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

interface ProgressProps {
  /** Done so far, out of `max`; omit for indeterminate. */
  value?: number;
  max?: number;
  label: string;
  /** Extra words under the bar ("1,200 of 2,000 orders"). */
  detail?: string;
  onCancel?: () => void;
  cancelLabel?: string;
  cancelling?: boolean;
}

export function Progress({ value, max = 1, label, detail, onCancel, cancelLabel, cancelling = false }: ProgressProps) {
  const { t } = useTranslation('common');
  const determinate = value !== undefined;
  const ratio = determinate ? Math.min(1, Math.max(0, value / (max || 1))) : 0;
  return (
    <div className="progress">
      <div className="progress-head">
        <span className="progress-label">
          {label}
        </span>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel} busy={cancelling}>
            {cancelling ? t('actions.cancelling') : (cancelLabel ?? t('actions.cancel'))}
          </Button>
        )}
      </div>
      <div
        className={determinate ? 'progress-track' : 'progress-track progress-indeterminate'}
        role="progressbar"
        aria-label={label}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? max : undefined}
        aria-valuenow={determinate ? value : undefined}
        aria-valuetext={detail}
      >
        <div className="progress-fill" style={determinate ? { width: `${ratio * 100}%` } : undefined} />
      </div>
      {detail && <p className="progress-detail">{detail}</p>}
    </div>
  );
}
