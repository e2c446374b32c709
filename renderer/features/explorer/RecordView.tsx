// One record as readable keys and values: scalars in a definition list, nested objects and lists folded
// (a <details> the admin opens), so a long record stays scannable. Fields the explorer knows read as words
// (./known-fields.ts): their names and declared choices, ids of another list's records by that record's name.
import { useTranslation } from 'react-i18next';
import type { JsonRecord } from '../../../shared/model/explorer';
import { useLocale } from '../common/use-locale';
import { fieldLabel, linkedText, scalarText, type KnownFields } from './known-fields';

export function RecordView({ record, depth = 0, known }: { record: JsonRecord | unknown[]; depth?: number; known?: KnownFields }) {
  const locale = useLocale();
  const { t } = useTranslation('explorer');
  const entries: [string, unknown][] = Array.isArray(record) ? record.map((v, i) => [`#${i + 1}`, v]) : Object.entries(record);
  if (entries.length === 0) return <p className="muted">{t('value.empty')}</p>;
  // Only the record's own fields are known by name: a nested object's `name` is not the area's.
  const own = depth === 0 ? known : undefined;
  return (
    <dl className="record-view" data-depth={depth}>
      {entries.map(([key, value]) => {
        const linked = linkedText(key, value, own, true);
        return (
          <div key={key} className="record-row" data-field={key}>
            <dt>{key.startsWith('#') ? key : fieldLabel(key)}</dt>
            <dd>
              {linked !== null ? (
                <span>{linked}</span>
              ) : value !== null && typeof value === 'object' && (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0) ? (
                <details>
                  <summary>{scalarText(value, locale)}</summary>
                  <RecordView record={value as JsonRecord | unknown[]} depth={depth + 1} />
                </details>
              ) : (
                <span className={value === null || value === undefined || value === '' ? 'muted' : undefined}>{scalarText(value, locale, own?.choices.get(key))}</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
