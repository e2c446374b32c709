// Students: by name or email, from the students the data engine synced (memory or the sealed snapshot; the
// engine's own case-insensitive search), ranked here like every other kind. Nothing synced yet: not saved.
import type { EngineClient } from '../../engine/client/engine-client';
import { bestMatch, normalizeText, topHits } from '../../../../shared/search/ranking';
import { studentSearchFields, toStudentHit } from '../../platform/search-mapping';
import { notSaved, type SearchSource } from '../search-source';

/** Matches read from the engine before ranking: enough for the best `limit` of any short query. */
const CANDIDATES = 200;

export function studentsSource(engine: Pick<EngineClient, 'call'>): SearchSource {
  return {
    kind: 'student',
    async search(accountId, { text, limit }) {
      const status = await engine.call('students.status', { accountId });
      if (status.students === null) return notSaved('student');
      const answer = await engine.call('students.query', { accountId, filters: { text }, sort: { key: 'lastActive', direction: 'desc' }, offset: 0, limit: CANDIDATES });
      const query = normalizeText(text);
      const hits = answer.data.rows.flatMap((row) => {
        const match = bestMatch(studentSearchFields(row).map(normalizeText), query);
        return match ? [toStudentHit(row, match)] : [];
      });
      const top = topHits(hits, limit);
      return { hits: top.hits, total: Math.max(top.total, answer.data.total), report: { kind: 'student', state: 'ok', fetchedAt: answer.fetchedAt, records: answer.data.loaded } };
    },
  };
}
