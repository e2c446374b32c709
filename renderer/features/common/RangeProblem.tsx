// Shown instead of a dashboard's figures while the typed days make no range (From after To…): the last
// range's figures under the error would read as if they were these days'.
import { EmptyState } from '../../components/EmptyState';

export function RangeProblem({ problem }: { problem: string }) {
  return (
    <div data-testid="range-problem">
      <EmptyState title="No figures for these days" icon="alert">
        {problem}
      </EmptyState>
    </div>
  );
}
