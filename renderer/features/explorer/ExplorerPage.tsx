// The generic explorer (#/explore, #/explore/:area): every scope area no dedicated screen covers, as the
// platform's /openapi.json describes it. An area is a list (filters built from its parameters, paging) or
// one record; a record opens as readable keys and values, and, where the platform has a PATCH, an edit form
// built from its request schema. Each area is behind its own read scope (step-up); edits go through useWrite().
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { t as translate } from '../../../shared/i18n/i18n';
import type { ExplorerArea, ExplorerRecord, Field, JsonRecord } from '../../../shared/model/explorer';
import { nameOf } from '../../../shared/model/explorer';
import { daysOfInstants, toInstants } from '../../../shared/date-range';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ScopeGate } from '../../components/ScopeGate';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { PageNoteContext } from '../../components/page-note';
import { FigureAge } from '../common/FigureAge';
import { TimeZoneNote } from '../common/TimeZoneNote';
import { OfflineBanner } from '../common/OfflineBanner';
import { QueryState } from '../common/QueryState';
import { useDebounced } from '../common/use-debounced';
import { useLocale } from '../common/use-locale';
import { useWrite } from '../writes/use-write';
import { EditForm } from './EditForm';
import { choiceLabel, fieldLabel, isInstant, knownFieldsOf, scalarText, valueText, type KnownFields } from './known-fields';
import { RecordView } from './RecordView';
import '../writes/writes.css';
import './explorer.css';

export function ExplorerPage() {
  const account = useActiveAccount();
  const { area: areaId } = useParams();
  const { t } = useTranslation('explorer');
  const query = useInvokeQuery('explorer.areas', { accountId: account?.id ?? '' }, { enabled: account !== null });
  if (!account) return <EmptyState title={t('noSchool')}>{t('noSchoolHint')}</EmptyState>;
  const areas = query.data?.data.areas ?? [];
  const area = areas.find((a) => a.id === areaId) ?? null;
  return (
    <div className="dashboard explorer" data-dashboard="explorer">
      <OfflineBanner />
      <div className="explorer-layout">
        <nav className="explorer-areas" aria-label={t('nav')}>
          <h2 className="explorer-areas-title">{t('navTitle')}</h2>
          {query.data ? (
            <ul>
              {areas.map((a) => (
                <li key={a.id}>
                  <NavLink to={`/explore/${a.id}`} className={a.offered ? 'explorer-area-link' : 'explorer-area-link is-not-offered'} data-area={a.id}>
                    <span>{areaTitle(a)}</span>
                    {!a.offered && <span className="explorer-area-note">{a.other.length > 0 ? t('otherActionsOnly') : t('notOffered')}</span>}
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
        <div className="explorer-main">
          {/* Records' times and the date filters are in the business time zone, named in each page's header. */}
          <PageNoteContext value={<TimeZoneNote />}>
            <QueryState query={query} what={t('what')} label={t('label')}>
              {() =>
                area ? (
                  <AreaView key={area.id} area={area} />
                ) : areaId ? (
                  <Page title={t('title')}>
                    <EmptyState title={t('noSuchArea')}>{t('noSuchAreaHint')}</EmptyState>
                  </Page>
                ) : (
                  <Overview areas={areas} />
                )
              }
            </QueryState>
          </PageNoteContext>
        </div>
      </div>
    </div>
  );
}

/** An area's name in the UI language (the main process's title is in the language of when it answered). */
function areaTitle(area: Pick<ExplorerArea, 'id'>): string {
  return translate(`explorer:areas.${area.id}`);
}

function Overview({ areas }: { areas: ExplorerArea[] }) {
  const account = useActiveAccount();
  const { t } = useTranslation('explorer');
  const offered = areas.filter((a) => a.offered);
  const missing = areas.filter((a) => !a.offered && a.other.length === 0);
  const elsewhere = areas.filter((a) => !a.offered && a.other.length > 0);
  return (
    <Page title={t('title')} description={t('overview.description', { school: account?.school.name ?? t('overview.yourSchool') })}>
      <div className="explorer-overview">
        {offered.map((a) => (
          <NavLink key={a.id} to={`/explore/${a.id}`} className="explorer-card">
            <strong>{areaTitle(a)}</strong>
            <span className="muted">
              {a.shape === 'list' ? t('overview.list') : t('overview.single')}
              {a.edit ? t('overview.editable') : t('overview.readOnly')}
            </span>
          </NavLink>
        ))}
      </div>
      {missing.length > 0 && (
        <Card title={t('overview.missingTitle')}>
          <p className="muted explorer-missing">{t('overview.missing', { areas: missing.map(areaTitle).join(t('overview.separator')) })}</p>
        </Card>
      )}
      {elsewhere.length > 0 && (
        <Card title={t('overview.elsewhereTitle')}>
          <ul className="muted explorer-missing">
            {elsewhere.map((a) => (
              <li key={a.id}>
                {t('overview.elsewhere', { area: areaTitle(a), operations: a.other.map((o) => o.summary).join('; ') })}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Page>
  );
}

function AreaView({ area }: { area: ExplorerArea }) {
  const { t } = useTranslation('explorer');
  const title = areaTitle(area);
  if (!area.offered || !area.readScope) {
    return (
      <Page title={title}>
        {area.other.length === 0 ? (
          <EmptyState title={t('area.notOffered', { area: title })} icon="info">
            {t('area.notOfferedHint')}
          </EmptyState>
        ) : (
          <EmptyState title={t('area.notShown', { area: title })} icon="info">
            {t('area.notShownHint', { operations: area.other.map((o) => o.summary.charAt(0).toLowerCase() + o.summary.slice(1)).join('; ') })}
          </EmptyState>
        )}
      </Page>
    );
  }
  return (
    <ScopeGate scopes={[area.readScope]} what={t('area.what', { area: title })}>
      {area.shape === 'single' ? <SingleRecord area={area} /> : <RecordList area={area} />}
    </ScopeGate>
  );
}

function SingleRecord({ area }: { area: ExplorerArea }) {
  const account = useActiveAccount();
  const { t, i18n } = useTranslation('explorer');
  const title = areaTitle(area);
  const query = useInvokeQuery('explorer.record', { accountId: account?.id ?? '', area: area.id, recordId: null }, { enabled: account !== null });
  return (
    <Page title={title} meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what={t('area.what', { area: title })} label={title.toLocaleLowerCase(i18n.language)}>
        {(answer) => <RecordPanel area={area} record={answer.data} recordId={null} />}
      </QueryState>
    </Page>
  );
}

/** Filter inputs as typed; only non-empty ones are sent. */
type FilterValues = Record<string, string>;

function RecordList({ area }: { area: ExplorerArea }) {
  const account = useActiveAccount();
  const locale = useLocale();
  const { t, i18n } = useTranslation('explorer');
  const title = areaTitle(area);
  const lower = title.toLocaleLowerCase(i18n.language);
  const [filters, setFilters] = useState<FilterValues>({});
  const settled = useDebounced(filters, 300);
  // Cursors of the pages before this one: Previous goes back without the platform knowing about it.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const [selected, setSelected] = useState<string | null>(null);
  const sent = useMemo(() => Object.fromEntries(Object.entries(settled).filter(([, v]) => v !== '')), [settled]);
  useEffect(() => setCursors([null]), [sent]);
  const query = useInvokeQuery('explorer.list', { accountId: account?.id ?? '', area: area.id, filters: sent, cursor }, { enabled: account !== null, placeholderData: (previous) => previous });
  const records = query.data?.data.records ?? [];
  const selectedRecord = selected === null ? null : (records.find((r) => r.fields.id === selected) ?? null);
  const known = useKnownFields(area);

  if (selected !== null) {
    return (
      <Page title={title} meta={<FigureAge answer={query.data} />}>
        <div className="explorer-back">
          <Button variant="ghost" size="sm" onClick={() => setSelected(null)} autoFocus>
            {t('area.back', { area: lower })}
          </Button>
        </div>
        {area.getOne ? (
          <FetchedRecord area={area} recordId={selected} />
        ) : selectedRecord ? (
          <RecordPanel area={area} record={selectedRecord} recordId={selected} />
        ) : (
          <EmptyState title={t('area.gone')}>{t('area.goneHint')}</EmptyState>
        )}
      </Page>
    );
  }

  const columns = columnsOf(records.map((r) => r.fields), area.linked);
  const page = cursors.length;
  return (
    <Page title={title} meta={<FigureAge answer={query.data} />}>
      {area.filters.length > 0 && <Filters fields={area.filters} values={filters} onChange={setFilters} />}
      <QueryState query={query} what={t('area.what', { area: title })} label={lower}>
        {(answer) =>
          answer.data.records.length === 0 ? (
            <EmptyState title={Object.keys(sent).length > 0 ? t('area.noMatch') : t('area.empty', { area: lower })} icon="inbox">
              {Object.keys(sent).length > 0 ? t('area.noMatchHint') : null}
            </EmptyState>
          ) : (
            <Card flush>
              <div className="table-scroll">
                <table className="data-table explorer-table" aria-label={title} data-testid="explorer-table">
                  <thead>
                    <tr>
                      {columns.map((c) => (
                        <th key={c} scope="col">
                          {fieldLabel(c)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {answer.data.records.map(({ fields: r }, i) => (
                      <tr key={typeof r.id === 'string' ? r.id : i} data-record-id={typeof r.id === 'string' ? r.id : undefined}>
                        {columns.map((c, j) =>
                          j === 0 ? (
                            <th key={c} scope="row">
                              {typeof r.id === 'string' ? (
                                <button type="button" className="link-button" onClick={() => setSelected(r.id as string)}>
                                  {scalarText(r[c], locale)}
                                </button>
                              ) : (
                                scalarText(r[c], locale)
                              )}
                            </th>
                          ) : (
                            <td key={c} className={isInstant(r[c]) ? 'cell-nowrap' : undefined} title={cellTitle(r[c], area.linked.includes(c)) ?? valueText(c, r[c], locale, known)}>
                              {valueText(c, r[c], locale, known)}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="explorer-paging" role="group" aria-label={t('area.pages')}>
                <span className="muted" aria-live="polite">
                  {t('area.page', { page })}
                  {answer.data.total !== null ? t('area.inAll', { total: answer.data.total }) : ''}
                </span>
                <Button size="sm" variant="ghost" disabled={page === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                  {t('area.previous')}
                </Button>
                <Button size="sm" variant="ghost" disabled={answer.data.nextCursor === null} onClick={() => setCursors((c) => [...c, answer.data.nextCursor])}>
                  {t('area.next')}
                </Button>
              </div>
            </Card>
          )
        }
      </QueryState>
    </Page>
  );
}

/** The names of the records an area's fields point at (one read per linked list), and its declared choices. */
function useKnownFields(area: ExplorerArea): KnownFields {
  const account = useActiveAccount();
  const names = useInvokeQuery('explorer.names', { accountId: account?.id ?? '', area: area.id }, { enabled: account !== null && area.linked.length > 0 });
  const loaded = names.data?.data.names;
  return useMemo(() => knownFieldsOf(area, loaded), [area, loaded]);
}

/** A linked cell's tooltip: the ids it names, so they stay reachable. */
function cellTitle(value: unknown, linked: boolean): string | undefined {
  if (!linked) return undefined;
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(', ') : undefined;
}

/** The record's name first, then its other short values (and lists of linked ids, shown by name); up to five columns. */
function columnsOf(records: JsonRecord[], linked: readonly string[]): string[] {
  const first = records[0];
  if (!first) return [];
  const keys = Object.keys(first).filter((k) => k !== 'id' && (first[k] === null || typeof first[k] !== 'object' || linked.includes(k)));
  const name = ['title', 'name', 'code', 'path'].find((k) => keys.includes(k));
  const rest = keys.filter((k) => k !== name);
  return [...(name ? [name] : ['id']), ...rest].slice(0, 5);
}

function Filters({ fields, values, onChange }: { fields: Field[]; values: FilterValues; onChange(next: FilterValues): void }) {
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });
  const { t } = useTranslation('explorer');
  const any = Object.values(values).some((v) => v !== '');
  return (
    <div className="explorer-filters" role="search" aria-label={t('area.filters')}>
      {fields.map((f) => (
        <FilterControl key={f.name} field={f} value={values[f.name] ?? ''} onChange={(v) => set(f.name, v)} />
      ))}
      {any && (
        <Button size="sm" variant="ghost" onClick={() => onChange({})}>
          {t('area.clearFilters')}
        </Button>
      )}
    </div>
  );
}

function FilterControl({ field, value, onChange }: { field: Field; value: string; onChange(value: string): void }) {
  const { t } = useTranslation('explorer');
  const id = `filter-${field.name}`;
  const label = (
    <label className="field-label" htmlFor={id} title={field.description ?? undefined}>
      {fieldLabel(field.name)}
    </label>
  );
  switch (field.kind) {
    case 'enum':
      return (
        <div className="field field-inline">
          {label}
          <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t('area.any')}</option>
            {field.options!.map((o) => (
              <option key={o} value={o}>
                {choiceLabel(o)}
              </option>
            ))}
          </select>
        </div>
      );
    case 'boolean':
      return (
        <label className="choice" htmlFor={id}>
          <input id={id} type="checkbox" checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : '')} /> {fieldLabel(field.name)}
        </label>
      );
    case 'date-time':
      return <DayFilter id={id} label={label} value={value} onChange={onChange} />;
    default:
      return (
        <div className="field field-inline">
          {label}
          <input id={id} className="input" inputMode={field.kind === 'string' ? undefined : 'numeric'} value={value} onChange={(e) => onChange(e.target.value)} />
        </div>
      );
  }
}

/** A day is enough to filter by: the platform gets the instant that day starts in the business time zone. */
function DayFilter({ id, label, value, onChange }: { id: string; label: ReactNode; value: string; onChange(value: string): void }) {
  const { timeZone } = useLocale();
  const day = value && !Number.isNaN(Date.parse(value)) ? daysOfInstants({ from: value, to: value }, timeZone).startDay : '';
  const pick = (picked: string) => onChange(picked ? toInstants({ startDay: picked, endDay: picked }, timeZone).from : '');
  return (
    <div className="field field-inline">
      {label}
      <input id={id} type="date" className="input" value={day} onChange={(e) => pick(e.target.value)} />
    </div>
  );
}

function FetchedRecord({ area, recordId }: { area: ExplorerArea; recordId: string }) {
  const account = useActiveAccount();
  const { t } = useTranslation('explorer');
  const query = useInvokeQuery('explorer.record', { accountId: account?.id ?? '', area: area.id, recordId }, { enabled: account !== null });
  return (
    <QueryState query={query} what={t('area.record')} label={t('area.recordLabel')}>
      {(answer) => <RecordPanel area={area} record={answer.data} recordId={recordId} />}
    </QueryState>
  );
}

/** One record: its keys and values, and Edit where the platform has a PATCH for it. */
function RecordPanel({ area, record: { fields: record, version }, recordId }: { area: ExplorerArea; record: ExplorerRecord; recordId: string | null }) {
  const { t } = useTranslation('explorer');
  const [editing, setEditing] = useState(false);
  const write = useWrite();
  const editId = useId();
  const known = useKnownFields(area);
  const wasEditing = useRef(false);
  useEffect(() => {
    // Back from the form, focus returns to the button that opened it.
    if (wasEditing.current && !editing) document.getElementById(editId)?.focus();
    wasEditing.current = editing;
  }, [editing, editId]);
  return (
    <Card
      title={nameOf(record)}
      actions={
        area.edit && !editing ? (
           <Button id={editId} size="sm" variant="primary" onClick={() => setEditing(true)}>
            {t('area.edit')}
          </Button>
        ) : undefined
      }
      className="explorer-record"
    >
      {editing && area.edit ? (
        <EditForm area={area} record={record} version={version} recordId={recordId} write={write} onDone={() => setEditing(false)} />
      ) : (
        <RecordView record={record} known={known} />
      )}
      {!area.edit && <p className="muted explorer-readonly">{t('area.readOnly')}</p>}
      {write.element}
    </Card>
  );
}
