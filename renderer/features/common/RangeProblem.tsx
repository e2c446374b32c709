// Shown instead of a dashboard's figures while the typed days make no range (From after To…): the last
// range's figures under the error would read as if they were these days'.
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

export function RangeProblem({ problem }: { problem: string }) {
  const { t } = useTranslation('common');
  return (
    <div data-testid="range-problem">
      <EmptyState title={t('range.noFigures')} icon="alert">
        {problem}
      </EmptyState>
    </div>
  );
}
