// The bar over the Students table while students are selected: how many, Copy emails, Clear, and the bulk
// actions the page is given (`actions`: enroll, tag… plugged in by the features that own those writes).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { formatCount } from '../../lib/format';

interface SelectionBarProps {
  count: number;
  locale: string;
  onCopyEmails(): void;
  onClear(): void;
  /** What the last Copy emails did ("12 emails copied"), or why it could not. */
  notice?: string | null;
  actions?: ReactNode;
}

export function SelectionBar({ count, locale, onCopyEmails, onClear, notice, actions }: SelectionBarProps) {
  const { t } = useTranslation('students', { keyPrefix: 'selection' });
  if (count === 0) return null;
  return (
    <div className="selection-bar" role="region" aria-label={t('region')} data-testid="students-selection">
      <strong className="selection-count" data-count={count}>
        {t('count', { formatted: formatCount(count, locale) })}
      </strong>
      <Button size="sm" onClick={onCopyEmails}>
        {t('copyEmails')}
      </Button>
      {actions}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('clear')}
      </Button>
      {notice && (
        <span role="status" className="selection-notice">
          {notice}
        </span>
      )}
    </div>
  );
}
