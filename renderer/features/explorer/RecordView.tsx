// One record as readable keys and values: scalars in a definition list, nested objects and lists folded
// (a <details> the admin opens), so a long record stays scannable.
import { useTranslation } from 'react-i18next';
import { t } from '../../../shared/i18n/i18n';
import type { ExplorerArea, JsonRecord } from '../../../shared/model/explorer';
import { labelOf } from '../../../shared/model/explorer';
import { formatDateTime, type Locale } from '../../lib/format';
import { useLocale } from '../common/use-locale';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A field's choices as the platform's document declares them (a filter's or an edit's enum), by field name. */
type EnumFields = ReadonlyMap<string, readonly string[]>;

/** The area's declared choices: their values are shown as words ("Login required"), as its filters show them. */
export function enumFieldsOf(area: ExplorerArea): EnumFields {
  const fields = [...area.filters, ...(area.edit?.fields ?? [])];
  return new Map(fields.flatMap((f) => (f.kind === 'enum' && f.options ? [[f.name, f.options] as const] : [])));
}

/** A moment the platform sent (an ISO instant), shown in the business time zone. */
export function isInstant(value: unknown): value is string {
  return typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** A scalar as text; a nested value as a short description (its full content is in the record view). */
export function scalarText(value: unknown, locale: Locale, choices?: readonly string[]): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t('explorer:value.yes') : t('explorer:value.no');
  if (typeof value === 'string' && choices?.includes(value)) return labelOf(value);
  if (typeof value === 'string') return value === '' ? '—' : isInstant(value) ? formatDateTime(value, locale) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? t('explorer:value.none') : t('explorer:value.items', { count: value.length });
  return t('explorer:value.fields', { count: Object.keys(value).length });
}

export function RecordView({ record, depth = 0, enums }: { record: JsonRecord | unknown[]; depth?: number; enums?: EnumFields }) {
  const locale = useLocale();
  const { t } = useTranslation('explorer');
  const entries: [string, unknown][] = Array.isArray(record) ? record.map((v, i) => [`#${i + 1}`, v]) : Object.entries(record);
  if (entries.length === 0) return <p className="muted">{t('value.empty')}</p>;
  return (
    <dl className="record-view" data-depth={depth}>
      {entries.map(([key, value]) => (
        <div key={key} className="record-row">
          <dt>{key.startsWith('#') ? key : labelOf(key)}</dt>
          <dd>
            {value !== null && typeof value === 'object' && (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0) ? (
              <details>
                <summary>{scalarText(value, locale)}</summary>
                <RecordView record={value as JsonRecord | unknown[]} depth={depth + 1} />
              </details>
            ) : (
              <span className={value === null || value === undefined || value === '' ? 'muted' : undefined}>{scalarText(value, locale, depth === 0 ? enums?.get(key) : undefined)}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
