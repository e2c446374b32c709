// How old a figure is, from the answer's fetchedAt and fromCache (the kit's DataAge says it in words).
import { DataAge } from '../../components/DataAge';
import { useAppStatus } from '../../state/app-status';

export function FigureAge({ answer }: { answer: { fetchedAt: string; fromCache: boolean } | undefined }) {
  const online = useAppStatus()?.online ?? true;
  if (!answer) return null;
  const fromCache = answer.fromCache || !online;
  return (
    <span className="figure-age" data-testid="figure-age" data-from-cache={fromCache}>
      <DataAge updatedAt={answer.fetchedAt} offline={fromCache} />
    </span>
  );
}
