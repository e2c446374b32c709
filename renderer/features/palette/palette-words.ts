// What the palette says it searched: each local copy with its age, so an admin offline knows how old what they
// found is ("from the copy saved 2 h ago"). Pure (takes "now").
import type { SearchKind, SourceReport } from '../../../shared/model/search';
import { currentUiLocale, t } from '../../../shared/i18n/i18n';
import { describeAgo } from '../../lib/relative-time';

/** A group's heading in the list. */
export function groupLabel(group: SearchKind | 'action' | 'recent'): string {
  return t(`palette:groups.${group}`);
}

function ago(at: string, now: number): string {
  return describeAgo(Date.parse(at), now, currentUiLocale().locale);
}

export function describeSearched(sources: readonly SourceReport[], now: number, offline: boolean): string {
  const searched: string[] = [];
  const missing: string[] = [];
  for (const s of sources) {
    const kind = t(`palette:searched.kinds.${s.kind}`);
    // Orders are synced (the engine's copy); the other kinds are copies saved when last fetched.
    if (s.state === 'ok' && s.fetchedAt) {
      const at = ago(s.fetchedAt, now);
      searched.push(offline ? t('palette:searched.fromCopy', { kind, ago: at }) : s.kind === 'order' ? t('palette:searched.synced', { kind, ago: at }) : t('palette:searched.saved', { kind, ago: at }));
    } else if (s.state === 'failed') missing.push(t('palette:searched.failed', { kind }));
    else missing.push(s.kind === 'order' ? t('palette:searched.notSynced', { kind }) : t('palette:searched.notSaved', { kind }));
  }
  const separator = t('palette:searched.separator');
  const list = searched.join(separator);
  const first =
    searched.length > 0
      ? offline ? t('palette:searched.offlineSearched', { list }) : t('palette:searched.searched', { list })
      : offline ? t('palette:searched.offlineNothing') : t('palette:searched.nothing');
  return missing.length > 0 ? t('palette:searched.withMissing', { first, missing: missing.join(separator) }) : t('palette:searched.alone', { first });
}
