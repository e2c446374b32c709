// Every course of the school: state, plans, lecturers, and its learners and revenue in the range (the same
// figures as Analytics › Learning); search, filters and sortable columns; a row opens the course's page.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { useActiveAccount } from '../../state/active-account';
import { useDataQuery } from '../../data/hooks';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { RangePicker } from '../common/RangePicker';
import { RangeProblem } from '../common/RangeProblem';
import { DataTable } from '../common/DataTable';
import { SelectField } from '../common/SelectField';
import { useLocale } from '../common/use-locale';
import { useRowFocus } from '../common/use-row-focus';
import { useDashboardRange, useRangeStore } from '../common/range-store';
import { useShownCurrency } from '../common/use-shown-currency';
import { formatCount, formatDate, formatMoney, formatPercent } from '../../lib/format';
import { COURSE_STATE_LABELS, stateLabel } from '../../../shared/state-labels';
import { filterCourses, netIn, NO_COURSE_FILTER, revenueCurrencies, sortCourses, type CourseFilter, type CourseSort } from './course-table';
import { describePlans } from './plans';
import { completionOf, completionShort } from '../common/completion-words';
import { StateBadge } from './StateBadge';

export function CoursesPage() {
  return (
    <DashboardFrame dashboard="courses">
      <CoursesDashboard />
    </DashboardFrame>
  );
}

function CoursesDashboard() {
  const account = useActiveAccount();
  const locale = useLocale();
  const { range, from, to, problem } = useDashboardRange();
  const setRange = useRangeStore((s) => s.setRange);
  const setProblem = useRangeStore((s) => s.setProblem);
  const query = useDataQuery('data.courses.list', account ? { accountId: account.id, from, to, timeZone: locale.timeZone } : null);
  const [filter, setFilter] = useState<CourseFilter>(NO_COURSE_FILTER);
  const [sort, setSort] = useState<CourseSort>({ key: 'title', direction: 'asc' });
  const list = query.data?.data;
  // One currency at a time, by the rule every such screen follows (use-shown-currency).
  const { currencies, currency, choose } = useShownCurrency(useMemo(() => (list ? revenueCurrencies(list.courses) : []), [list]));
  // Active students count the 30 days that end with the range (docs/business-api.md): say which days.
  const activeUntil = formatDate(new Date(Date.parse(to) - 1).toISOString(), locale);
  const rows = useMemo(() => (list ? sortCourses(filterCourses(list.courses, filter), sort, currency) : []), [list, filter, sort, currency]);
  const filtered = filter.text !== '' || filter.state !== '' || filter.category !== '' || filter.tag !== '';
  // One Tab stop for the whole list; arrows move between courses, as in the Orders table.
  const rowFocus = useRowFocus(rows.length);
  const { t } = useTranslation(['courses', 'common']);

  return (
    <Page
      title={t('common:dashboards.titles.courses')}
      description={t('list.description')}
      meta={<FigureAge answer={query.data} />}
      actions={<RangePicker value={range} onChange={setRange} onProblem={setProblem} />}
    >
      {problem ? <RangeProblem problem={problem} /> : (
      <QueryState query={query} what={t('common:dashboards.names.courses')} label={t('list.label')}>
        {(answer) => (
          <Card flush>
            <div className="filter-bar" role="search" aria-label={t('list.filters')}>
              <label className="field field-grow">
                <span className="visually-hidden">{t('list.search')}</span>
                <input
                  type="search"
                  className="input"
                  placeholder={t('list.searchPlaceholder')}
                  value={filter.text}
                  onChange={(e) => setFilter({ ...filter, text: e.target.value })}
                />
              </label>
              <FacetSelect label={t('list.state')} value={filter.state} options={answer.data.facets.states} labelOf={(state) => stateLabel(COURSE_STATE_LABELS, state)} onChange={(state) => setFilter({ ...filter, state })} />
              <FacetSelect label={t('list.category')} value={filter.category} options={answer.data.facets.categories} onChange={(category) => setFilter({ ...filter, category })} />
              <FacetSelect label={t('list.tag')} value={filter.tag} options={answer.data.facets.tags} onChange={(tag) => setFilter({ ...filter, tag })} />
              {currency && currencies.length > 1 && (
                <SelectField label={t('list.revenueIn')} value={currency} onChange={choose}>
                  {currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </SelectField>
              )}
              <span className="filter-count" aria-live="polite" data-testid="course-count">
                {rows.length === answer.data.courses.length
                  ? t('list.count', { count: rows.length, shown: formatCount(rows.length, locale.locale) })
                  : t('list.countOf', { count: answer.data.courses.length, shown: formatCount(rows.length, locale.locale), all: formatCount(answer.data.courses.length, locale.locale) })}
              </span>
              {filtered && (
                <button type="button" className="link-button" onClick={() => setFilter(NO_COURSE_FILTER)}>
                  {t('common:filters.clear')}
                </button>
              )}
            </div>
            {rows.length === 0 ? (
              <EmptyState title={answer.data.courses.length === 0 ? t('list.none') : t('list.noMatch')}>
                {answer.data.courses.length === 0 ? t('list.noneBody') : t('list.noMatchBody')}
              </EmptyState>
            ) : (
              <DataTable
                label={t('list.table')}
                testId="courses-table"
                className="data-table-fit"
                sort={sort}
                onSort={setSort}
                body={{ onKeyDown: rowFocus.onKeyDown, onFocus: rowFocus.onFocus }}
                columns={[
                  { label: t('columns.course'), sortKey: 'title' },
                  { label: t('columns.state'), sortKey: 'state' },
                  { label: t('columns.plans') },
                  { label: t('columns.lecturers'), numeric: true },
                  { label: t('columns.enrollments'), sortKey: 'enrollments', numeric: true },
                  { label: t('columns.activeStudents'), sortKey: 'activeStudents', numeric: true, note: t('columns.activeNote', { day: activeUntil }) },
                  { label: t('columns.completion'), sortKey: 'completionRate', numeric: true, note: t('completionNote') },
                  { label: currency ? t('columns.netIn', { currency }) : t('columns.net'), sortKey: 'revenue', numeric: true },
                ]}
              >
                    {rows.map((course, index) => (
                      <tr key={course.id} data-course-id={course.id}>
                        <th scope="row" className="cell-title">
                          <Link to={`/courses/${encodeURIComponent(course.id)}`} data-row-focus={index} tabIndex={rowFocus.tabIndex(index)}>
                            {course.title}
                          </Link>
                          {course.categories.length > 0 && <span className="cell-sub">{course.categories.join(', ')}</span>}
                        </th>
                        <td>
                          <StateBadge state={course.state} />
                        </td>
                        <td className="cell-muted cell-nowrap" title={describePlans(course.pricingPlans, locale.locale, 10)}>
                          {describePlans(course.pricingPlans, locale.locale, 1)}
                        </td>
                        <td className="num">{formatCount(course.lecturerIds.length, locale.locale)}</td>
                        <td className="num" data-field="enrollments">{course.learning ? formatCount(course.learning.enrollments, locale.locale) : '–'}</td>
                        <td className="num" data-field="active">{course.learning ? formatCount(course.learning.activeStudents, locale.locale) : '–'}</td>
                        <td className="num" data-field="completion">
                          {course.learning && course.learning.enrollments > 0 ? (
                            <>
                              {formatPercent(course.learning.completionRate, locale.locale)}
                              <span className="cell-sub" title={completionOf(course.learning, locale.locale)}>{completionShort(course.learning, locale.locale)}</span>
                            </>
                          ) : (
                            '–'
                          )}
                        </td>
                        <td className="num" data-field="revenue">
                          {currency && course.revenue.some((r) => r.currency === currency && r.orders > 0) ? (
                            <span className="money-line" data-currency={currency} data-minor={netIn(course, currency)}>
                              {formatMoney(netIn(course, currency), currency, locale.locale)}
                            </span>
                          ) : (
                            '–'
                          )}
                        </td>
                      </tr>
                    ))}
              </DataTable>
            )}
          </Card>
        )}
      </QueryState>
      )}
    </Page>
  );
}

function FacetSelect({ label, value, options, onChange, labelOf = (o) => o }: { label: string; value: string; options: readonly string[]; onChange(value: string): void; labelOf?(option: string): string }) {
  const { t } = useTranslation();
  return (
    <SelectField label={label} value={value} onChange={onChange}>
      <option value="">{t('filters.any')}</option>

      {options.map((o) => (
        <option key={o} value={o}>
          {labelOf(o)}
        </option>
      ))}
    </SelectField>
  );
}
