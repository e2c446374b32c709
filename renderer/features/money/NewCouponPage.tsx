// Create a coupon: code, percent or an amount per currency, dates, limits and courses. The form is checked
// with the very schema the main process checks again before sending (shared/model/money.ts CouponDraft),
// each problem shown at its field; a refusal by the platform is shown in plain words and nothing typed is
// lost. Also edits a coupon still waiting in the outbox (?outbox=<item id>).
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { t as translate } from '../../../shared/i18n/i18n';
import { CouponDraft, draftTimeProblem, type CouponOverview } from '../../../shared/model/money';
import type { OutboxItem } from '../../../shared/ipc/writes';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { invoke, useInvokeQuery } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { useActiveAccount } from '../../state/active-account';
import { DashboardFrame } from '../common/DashboardFrame';
import { QueryState } from '../common/QueryState';
import { useWrite } from '../writes/use-write';
import { minorToMajorText, parseMajorAmount } from './coupon-format';
import { instantOfLocalInput, localInputOf } from '../../../shared/zoned-time';
import { formatCount, formatZone, sortedByName } from '../../lib/format';
import { useLocale } from '../common/use-locale';
import '../writes/writes.css';

interface FormState {
  code: string;
  kind: 'percent' | 'amount';
  percent: string;
  amounts: Record<string, string>;
  startsAt: string; // datetime-local, in the business time zone
  endsAt: string;
  usageLimit: string;
  perBuyerLimit: string;
  courseIds: string[];
}

const EMPTY: FormState = { code: '', kind: 'percent', percent: '', amounts: {}, startsAt: '', endsAt: '', usageLimit: '', perBuyerLimit: '', courseIds: [] };

type Errors = Partial<Record<'code' | 'percent' | 'amounts' | 'startsAt' | 'endsAt' | 'usageLimit' | 'perBuyerLimit' | 'courseIds' | `amount:${string}`, string>>;

function fromDraft(draft: CouponDraft, timeZone: string): FormState {
  const localInput = (iso: string | null) => (iso ? localInputOf(iso, timeZone) : '');
  return {
    code: draft.code,
    kind: draft.discount.kind,
    percent: draft.discount.kind === 'percent' ? String(draft.discount.percentOff) : '',
    amounts: draft.discount.kind === 'amount' ? Object.fromEntries(draft.discount.amounts.map((a) => [a.currency, minorToMajorText(a.amountOff, a.currency)])) : {},
    startsAt: localInput(draft.startsAt),
    endsAt: localInput(draft.endsAt),
    usageLimit: draft.usageLimit === null ? '' : String(draft.usageLimit),
    perBuyerLimit: draft.perBuyerLimit === null ? '' : String(draft.perBuyerLimit),
    courseIds: draft.courseIds,
  };
}

/** The form → a CouponDraft, checked by the shared schema; field errors keyed by the form's fields. Times are the zone's wall clock. */
function toDraft(form: FormState, currencies: readonly string[], timeZone: string): { ok: true; draft: CouponDraft } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const amounts: { currency: string; amountOff: number }[] = [];
  if (form.kind === 'amount') {
    for (const currency of currencies) {
      const text = form.amounts[currency]?.trim() ?? '';
      if (!text) continue;
      const parsed = parseMajorAmount(text, currency);
      if (parsed.ok) amounts.push({ currency, amountOff: parsed.minor });
      else errors[`amount:${currency}`] = translate('money:newCoupon.amountProblem', { currency, problem: parsed.error });
    }
  }
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const instant = (text: string, field: 'startsAt' | 'endsAt') => {
    if (!text) return null;
    const t = instantOfLocalInput(text, timeZone);
    if (t === null) errors[field] = translate('money:newCoupon.noSuchTime', { zone: timeZone });
    return t;
  };
  const candidate = {
    code: form.code,
    discount: form.kind === 'percent' ? { kind: 'percent' as const, percentOff: form.percent.trim() === '' ? Number.NaN : Number(form.percent) } : { kind: 'amount' as const, amounts },
    startsAt: instant(form.startsAt, 'startsAt'),
    endsAt: instant(form.endsAt, 'endsAt'),
    usageLimit: number(form.usageLimit),
    perBuyerLimit: number(form.perBuyerLimit),
    courseIds: form.courseIds,
  };
  const parsed = CouponDraft.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path;
      const key = first === 'discount' ? (second === 'percentOff' ? 'percent' : 'amounts') : (first as keyof Errors);
      errors[key] ??= issue.message;
    }
  }
  if (parsed.success) {
    const late = draftTimeProblem(parsed.data, Date.now());
    if (late) errors.endsAt ??= late;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, draft: parsed.data };
}

export function NewCouponPage() {
  return (
    <DashboardFrame dashboard="coupons">
      <NewCoupon />
    </DashboardFrame>
  );
}

function NewCoupon() {
  const account = useActiveAccount();
  const [params] = useSearchParams();
  const outboxId = params.get('outbox');
  const overview = useInvokeQuery('money.coupons', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const outbox = useInvokeQuery('writes.outbox', { accountId: account?.id ?? '' }, { enabled: account !== null && outboxId !== null });
  const item = outboxId ? outbox.data?.find((i) => i.id === outboxId) : undefined;
  const { t } = useTranslation('money', { keyPrefix: 'newCoupon' });
  return (
    <Page
      title={t(outboxId ? 'editTitle' : 'title')}
      description={<Link to={outboxId ? '/activity' : '/coupons'}>← {t(outboxId ? 'backToActivity' : 'backToCoupons')}</Link>}
    >
      <QueryState query={overview} what={t('what')} label={t('label')}>
        {(answer) =>
          outboxId && !item ? (
            outbox.isPending ? null : <p role="alert">{t('gone')}</p>
          ) : (
            <CouponForm overview={answer.data} item={item} />
          )
        }
      </QueryState>
    </Page>
  );
}

function CouponForm({ overview, item }: { overview: CouponOverview; item: OutboxItem | undefined }) {
  const account = useActiveAccount();
  const navigate = useNavigate();
  const write = useWrite();
  const { locale, timeZone } = useLocale();
  const { t } = useTranslation('money', { keyPrefix: 'newCoupon' });
  const zone = formatZone(timeZone, locale);
  const initial = item?.request.kind === 'coupon.create' ? fromDraft(item.request.draft, timeZone) : EMPTY;
  const [form, setForm] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [editError, setEditError] = useState<string | null>(null);
  const currencies = overview.currencies;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  // Errors clear as the admin fixes them: re-checked on every change once they asked to save, and when the UI
  // language changes (the messages are the catalogue's, written when checked).
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!tried) return;
    const checked = toDraft(form, currencies, timeZone);
    setErrors(checked.ok ? {} : checked.errors);
  }, [form, currencies, tried, timeZone, locale]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    const checked = toDraft(form, currencies, timeZone);
    if (!checked.ok) {
      setErrors(checked.errors);
      // Focus the first field in error, so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.coupon-form [aria-invalid="true"]')?.focus());
      return;
    }
    if (!account) return;
    if (item) {
      setSaving(true);
      setEditError(null);
      try {
        await invoke('writes.outboxEdit', { accountId: account.id, itemId: item.id, request: { kind: 'coupon.create', draft: checked.draft } });
        void navigate('/activity');
      } catch (error) {
        setEditError(toSerializedError(error).message);
      } finally {
        setSaving(false);
      }
      return;
    }
    const outcome = await write.run({ kind: 'coupon.create', draft: checked.draft });
    if (outcome) void navigate('/coupons');
  }

  const errorCount = Object.keys(errors).length;
  return (
    <Card flush>
      <form className="coupon-form" noValidate onSubmit={(e) => void submit(e)} aria-label={t(item ? 'editForm' : 'title')}>
        <div className="form-grid">
          <Field label={t('code')} error={errors.code} hint={t('codeHint')}>
            {(props) => <input {...props} className="input" value={form.code} onChange={(e) => set('code', e.target.value)} autoComplete="off" spellCheck={false} />}
          </Field>
          <fieldset className="field">
            <legend>{t('discount')}</legend>
            <div className="choice-row">
              <label className="choice">
                <input type="radio" name="kind" checked={form.kind === 'percent'} onChange={() => set('kind', 'percent')} /> {t('percentKind')}
              </label>
              <label className="choice">
                <input type="radio" name="kind" checked={form.kind === 'amount'} onChange={() => set('kind', 'amount')} /> {t('amountKind')}
              </label>
            </div>
          </fieldset>
          {form.kind === 'percent' ? (
            <Field label={t('percentOff')} error={errors.percent} hint={t('percentHint')}>
              {(props) => <input {...props} className="input" inputMode="decimal" value={form.percent} onChange={(e) => set('percent', e.target.value)} />}
            </Field>
          ) : (
            <fieldset className="field field-wide" aria-describedby="amounts-hint">
              <legend>{t('amountsOff')}</legend>
              <p className="field-hint" id="amounts-hint">
                {t('amountsHint')}
              </p>
              <div className="amounts">
                {currencies.map((currency) => (
                  <Field key={currency} label={currency} error={errors[`amount:${currency}`]} compact>
                    {(props) => (
                      <input
                        {...props}
                        className="input"
                        inputMode="decimal"
                        value={form.amounts[currency] ?? ''}
                        onChange={(e) => set('amounts', { ...form.amounts, [currency]: e.target.value })}
                      />
                    )}
                  </Field>
                ))}
              </div>
              {errors.amounts && (
                <p className="field-error" role="alert">
                  {errors.amounts}
                </p>
              )}
            </fieldset>
          )}
          <Field label={t('startsIn', { zone })} error={errors.startsAt} hint={t('startsHint')}>
            {(props) => <input {...props} type="datetime-local" className="input" value={form.startsAt} onChange={(e) => set('startsAt', e.target.value)} />}
          </Field>
          <Field label={t('endsIn', { zone })} error={errors.endsAt} hint={t('endsHint')}>
            {(props) => <input {...props} type="datetime-local" className="input" value={form.endsAt} onChange={(e) => set('endsAt', e.target.value)} />}
          </Field>
          <Field label={t('usageLimit')} error={errors.usageLimit} hint={t('noLimit')}>
            {(props) => <input {...props} className="input" inputMode="numeric" value={form.usageLimit} onChange={(e) => set('usageLimit', e.target.value)} />}
          </Field>
          <Field label={t('perBuyerLimit')} error={errors.perBuyerLimit} hint={t('noLimit')}>
            {(props) => <input {...props} className="input" inputMode="numeric" value={form.perBuyerLimit} onChange={(e) => set('perBuyerLimit', e.target.value)} />}
          </Field>
          <fieldset className="field field-wide">
            <legend>{t('courses')}</legend>
            <p className="field-hint">{t('coursesHint')}</p>
            <div className="course-picks">
              {sortedByName(overview.courses, (course) => course.title, locale).map((course) => (
                <label key={course.id} className="choice">
                  <input
                    type="checkbox"
                    checked={form.courseIds.includes(course.id)}
                    onChange={(e) => set('courseIds', e.target.checked ? [...form.courseIds, course.id] : form.courseIds.filter((id) => id !== course.id))}
                  />
                  {course.title}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {errorCount > 0 && (
          <p className="field-error form-summary" role="alert">
            {t(item ? 'toSave' : 'toCreate', { count: errorCount, formatted: formatCount(errorCount, locale) })}
          </p>
        )}
        {editError && (
          <p className="field-error form-summary" role="alert">
            {editError}
          </p>
        )}
        <div className="form-actions">
          <Link className="btn btn-ghost btn-md" to={item ? '/activity' : '/coupons'}>
            {t('cancel')}
          </Link>
          <Button type="submit" variant="primary" busy={write.busy || saving}>
            {t(item ? 'save' : 'create')}
          </Button>
        </div>
      </form>
      {write.element}
    </Card>
  );
}

function Field({ label, error, hint, compact = false, children }: { label: string; error: string | undefined; hint?: string; compact?: boolean; children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const props = useMemo(() => ({ id, 'aria-invalid': error !== undefined, ...(described ? { 'aria-describedby': described } : {}) }), [id, error, described]);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(props)}
      {hint && !compact && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
