// How old a figure is, from the answer's fetchedAt and fromCache. Offline, the kit's DataAge says so; online
// but answered from the saved copy (the session ended, the platform failed), it says "saved copy" instead,
// since the app is not offline.
import { DataAge, useNow } from '../../components/DataAge';
import { describeSavedCopyAge } from '../../lib/relative-time';
import { useAppStatus } from '../../state/app-status';
import { useUiLocale } from '../../state/ui-language';

export function FigureAge({ answer }: { answer: { fetchedAt: string; fromCache: boolean } | undefined }) {
  const online = useAppStatus()?.online ?? true;
  const now = useNow();
  const { locale } = useUiLocale();
  if (!answer) return null;
  const fromCache = answer.fromCache || !online;
  return (
    <span className="figure-age" data-testid="figure-age" data-from-cache={fromCache}>
      {online && answer.fromCache ? (
        <span className="data-age data-age-offline">
          <time dateTime={answer.fetchedAt} title={new Date(answer.fetchedAt).toLocaleString(locale)}>
            {describeSavedCopyAge(Date.parse(answer.fetchedAt), Math.max(now, Date.now()), locale)}
          </time>
        </span>
      ) : (
        <DataAge updatedAt={answer.fetchedAt} offline={fromCache} />
      )}
    </span>
  );
}
