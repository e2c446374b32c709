// The edit form of a record, generated from the PATCH's request schema: one input per field (text, number,
// select for an enum, checkbox for a boolean), with its bounds as hints. Checked before sending by the same
// validator the main process applies (shared/model/explorer.ts validatorFor); each problem is shown at its field,
// the first one focused, and nothing typed is lost. Only the changed fields are sent, through useWrite().
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { t } from '../../../shared/i18n/i18n';
import type { ExplorerArea, Field, FieldValue, JsonRecord } from '../../../shared/model/explorer';
import { inputFromValue, nameOf, problemsOf, validatorFor, valueFromInput } from '../../../shared/model/explorer';
import { Button } from '../../components/Button';
import type { WriteRunner } from '../writes/use-write';
import { choiceLabel, fieldLabel } from './known-fields';

type Inputs = Record<string, string | boolean>;

function isFieldValue(value: unknown): value is FieldValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function hintOf(field: Field): string | null {
  const parts: string[] = [];
  if (field.required) parts.push(t('explorer:form.hints.required'));
  if (field.minLength !== undefined && field.maxLength !== undefined) parts.push(t('explorer:form.hints.lengthRange', { min: field.minLength, max: field.maxLength }));
  else if (field.maxLength !== undefined) parts.push(t('explorer:form.hints.lengthMax', { max: field.maxLength }));
  if (field.minimum !== undefined && field.maximum !== undefined) parts.push(t('explorer:form.hints.range', { min: field.minimum, max: field.maximum }));
  else if (field.minimum !== undefined) parts.push(t('explorer:form.hints.atLeast', { min: field.minimum }));
  else if (field.maximum !== undefined) parts.push(t('explorer:form.hints.atMost', { max: field.maximum }));
  if (field.kind === 'integer') parts.push(t('explorer:form.hints.integer'));
  if (field.kind === 'date-time') parts.push(t('explorer:form.hints.dateTime'));
  if (field.format === 'uri') parts.push(t('explorer:form.hints.uri'));
  if (field.nullable && field.kind !== 'boolean') parts.push(t('explorer:form.hints.nullable'));
  // A pattern this app cannot check safely (schema-pattern.ts) is still the platform's rule: say so.
  if (field.patternUnchecked) parts.push(t('explorer:form.hints.patternUnchecked'));
  return parts.length > 0 ? parts.join(' · ') : field.description;
}

/** `version`: when the record last changed, as the main process read it (the outbox's conflict check compares it). */
export function EditForm({ area, record, version, recordId, write, onDone }: { area: ExplorerArea; record: JsonRecord; version: string | null; recordId: string | null; write: WriteRunner; onDone(): void }) {
  const { t } = useTranslation('explorer');
  const fields = area.edit!.fields;
  const formId = useId();
  const [initial] = useState<Inputs>(() => Object.fromEntries(fields.map((f) => [f.name, inputFromValue(f, record[f.name])])));
  const [inputs, setInputs] = useState<Inputs>(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNote(null);
    const changes: Record<string, FieldValue> = {};
    // Only what the admin touched is sent: a field the record does not carry (a write-only flag) starts
    // empty in the form and stays out of the PATCH unless they change it.
    for (const field of fields) {
      const input = inputs[field.name] ?? '';
      if (input === initial[field.name]) continue;
      changes[field.name] = valueFromInput(field, input);
    }
    if (Object.keys(changes).length === 0) {
      setProblems({});
      setNote(t('form.nothingChanged'));
      return;
    }
    const checked = validatorFor(fields).safeParse(changes);
    if (!checked.success) {
      const found = problemsOf(checked.error);
      setProblems(found);
      const first = fields.find((f) => found[f.name]);
      if (first) requestAnimationFrame(() => document.getElementById(`${formId}-${first.name}`)?.focus());
      return;
    }
    setProblems({});
    const previous = Object.fromEntries(Object.keys(changes).filter((k) => Object.hasOwn(record, k) && isFieldValue(record[k])).map((k) => [k, record[k] as FieldValue]));
    const outcome = await write.run({
      kind: 'record.update',
      area: area.id,
      recordId,
      name: nameOf(record),
      changes,
      previous,
      scope: area.edit!.scope,
      seenUpdatedAt: version,
    });
    if (outcome) onDone();
  }

  const count = Object.keys(problems).length;
  return (
    <form className="explorer-form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('form.label', { name: nameOf(record) })}>
      <div className="form-grid">
        {fields.map((field) => (
          <FieldInput key={field.name} id={`${formId}-${field.name}`} field={field} value={inputs[field.name] ?? ''} problem={problems[field.name]} onChange={(v) => setInputs((s) => ({ ...s, [field.name]: v }))} />
        ))}
      </div>
      {count > 0 && (
        <p className="field-error explorer-form-summary" role="alert">
          {t('form.needsLook', { count })}
        </p>
      )}
      {note && (
        <p className="muted explorer-form-summary" role="status">
          {note}
        </p>
      )}
      <div className="form-actions">
        <Button variant="ghost" onClick={onDone} disabled={write.busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="primary" busy={write.busy}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}

function FieldInput({ id, field, value, problem, onChange }: { id: string; field: Field; value: string | boolean; problem: string | undefined; onChange(value: string | boolean): void }) {
  const { t } = useTranslation('explorer');
  const hint = hintOf(field);
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': problem !== undefined, 'aria-describedby': described, 'aria-required': field.required || undefined };
  let control;
  if (field.kind === 'boolean') {
    control = (
      <label className="choice" htmlFor={id}>
        <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {fieldLabel(field.name)}
      </label>
    );
  } else if (field.kind === 'enum') {
    control = (
      <select {...common} className="select" value={String(value)} onChange={(e) => onChange(e.target.value)}>
        {(field.nullable || value === '') && <option value="">{field.nullable ? t('form.none') : t('form.choose')}</option>}
        {field.options!.map((o) => (
          <option key={o} value={o}>
            {choiceLabel(o)}
          </option>
        ))}
      </select>
    );
  } else {
    control = <input {...common} className="input" inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined} value={String(value)} onChange={(e) => onChange(e.target.value)} autoComplete="off" />;
  }
  return (
    <div className="field" data-field={field.name}>
      {field.kind !== 'boolean' && (
        <label className="field-label" htmlFor={id}>
          {fieldLabel(field.name)}
        </label>
      )}
      {control}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problem && (
        <p className="field-error" id={`${id}-error`}>
          {t('form.problem', { field: fieldLabel(field.name), problem })}
        </p>
      )}
    </div>
  );
}
