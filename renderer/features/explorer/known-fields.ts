// What the explorer knows of a field, as text: its name and declared choices from the catalogue (English and
// 繁體中文), ids of another list's records by that record's name, moments in the business time zone. Plain
// functions (no React), used by the list, the record view and the edit form.
import { t } from '../../../shared/i18n/i18n';
import type { ExplorerArea } from '../../../shared/model/explorer';
import { labelOf } from '../../../shared/model/explorer';
import { formatDateTime, type Locale } from '../../lib/format';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A name or value that can be a catalogue key as it is (no key or namespace separator in it). */
const PLAIN_KEY = /^[A-Za-z0-9_-]{1,80}$/;

/** What the explorer knows of an area's fields, by field name. */
export interface KnownFields {
  /** Values the platform's document declares (a filter's, an edit's or the records' enum): shown as words. */
  choices: ReadonlyMap<string, readonly string[]>;
  /** Names of the records a field's ids point at (explorer.names): shown instead of the ids. */
  names: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** The area's declared choices, with the names of its linked records once they are read. */
export function knownFieldsOf(area: ExplorerArea, names: KnownFields['names'] = {}): KnownFields {
  const fields = [...area.filters, ...(area.edit?.fields ?? [])];
  const choices = new Map<string, readonly string[]>(Object.entries(area.choices));
  for (const f of fields) if (f.kind === 'enum' && f.options) choices.set(f.name, [...new Set([...(choices.get(f.name) ?? []), ...f.options])]);
  return { choices, names };
}

/** A field's name in the UI language where the catalogue has it ("Category"), else its own words ("Logo url"). */
export function fieldLabel(name: string): string {
  return PLAIN_KEY.test(name) ? t(`explorer:fields.${name}` as 'explorer:fields.id', { defaultValue: labelOf(name) }) : labelOf(name);
}

/** A declared choice as a word from the catalogue ("Login required", 「登入後可看」); one it has no word for, as it is. */
export function choiceLabel(value: string): string {
  return PLAIN_KEY.test(value) ? t(`explorer:choices.${value}` as 'explorer:choices.paid', { defaultValue: value }) : value;
}

/** A moment the platform sent (an ISO instant), shown in the business time zone. */
export function isInstant(value: unknown): value is string {
  return typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** The ids a linked field holds (one, or a list of them), or null when the value is neither. */
function idsIn(value: unknown): string[] | null {
  if (typeof value === 'string' && value !== '') return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value as string[];
  return null;
}

/** A linked field's value by its records' names (an id without a known name stays the id), or null when not linked. */
export function linkedText(field: string, value: unknown, known: KnownFields | undefined, withIds = false): string | null {
  const names = known?.names[field];
  const ids = names ? idsIn(value) : null;
  if (!names || !ids) return null;
  const named = ids.map((id) => (names[id] === undefined ? id : withIds ? t('explorer:linked', { name: names[id], id }) : names[id]!));
  return named.join(t('explorer:overview.separator'));
}

/** A field's value as text: linked ids by name, declared choices as words, the rest as scalarText. */
export function valueText(field: string, value: unknown, locale: Locale, known?: KnownFields): string {
  return linkedText(field, value, known) ?? scalarText(value, locale, known?.choices.get(field));
}

/** A scalar as text; a nested value as a short description (its full content is in the record view). */
export function scalarText(value: unknown, locale: Locale, choices?: readonly string[]): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t('explorer:value.yes') : t('explorer:value.no');
  if (typeof value === 'string' && choices?.includes(value)) return choiceLabel(value);
  if (typeof value === 'string') return value === '' ? '—' : isInstant(value) ? formatDateTime(value, locale) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? t('explorer:value.none') : t('explorer:value.items', { count: value.length });
  return t('explorer:value.fields', { count: Object.keys(value).length });
}
