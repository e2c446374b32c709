// Every course of the school: state, plans, lecturers, and its learners and revenue in the range (the same
// figures as Analytics › Learning); search, filters and sortable columns; a row opens the course's page.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
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

  return (
    <Page
      title="Courses"
      description="Every course with its plans; enrollments, completion and revenue in the range; students active in the 30 days up to its end."
      meta={<FigureAge answer={query.data} />}
      actions={<RangePicker value={range} onChange={setRange} onProblem={setProblem} />}
    >
      {problem ? <RangeProblem problem={problem} /> : (
      <QueryState query={query} what="the Courses dashboard" label="courses">
        {(answer) => (
          <Card flush>
            <div className="filter-bar" role="search" aria-label="Filter courses">
              <label className="field field-grow">
                <span className="visually-hidden">Search courses</span>
                <input
                  type="search"
                  className="input"
                  placeholder="Search by title"
                  value={filter.text}
                  onChange={(e) => setFilter({ ...filter, text: e.target.value })}
                />
              </label>
              <FacetSelect label="State" value={filter.state} options={answer.data.facets.states} labelOf={(state) => stateLabel(COURSE_STATE_LABELS, state)} onChange={(state) => setFilter({ ...filter, state })} />
              <FacetSelect label="Category" value={filter.category} options={answer.data.facets.categories} onChange={(category) => setFilter({ ...filter, category })} />
              <FacetSelect label="Tag" value={filter.tag} options={answer.data.facets.tags} onChange={(tag) => setFilter({ ...filter, tag })} />
              {currency && currencies.length > 1 && (
                <SelectField label="Revenue in" value={currency} onChange={choose}>
                  {currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </SelectField>
              )}
              <span className="filter-count" aria-live="polite" data-testid="course-count">
                {rows.length === answer.data.courses.length ? `${rows.length} courses` : `${rows.length} of ${answer.data.courses.length} courses`}
              </span>
              {filtered && (
                <button type="button" className="link-button" onClick={() => setFilter(NO_COURSE_FILTER)}>
                  Clear filters
                </button>
              )}
            </div>
            {rows.length === 0 ? (
              <EmptyState title={answer.data.courses.length === 0 ? 'No courses yet' : 'No course matches'}>
                {answer.data.courses.length === 0 ? 'Courses you create on the platform show here.' : 'Try another search or clear the filters.'}
              </EmptyState>
            ) : (
              <DataTable
                label="Courses"
                testId="courses-table"
                className="data-table-fit"
                sort={sort}
                onSort={setSort}
                body={{ onKeyDown: rowFocus.onKeyDown, onFocus: rowFocus.onFocus }}
                columns={[
                  { label: 'Course', sortKey: 'title' },
                  { label: 'State', sortKey: 'state' },
                  { label: 'Price plans' },
                  { label: 'Lecturers', numeric: true },
                  { label: 'Enrollments', sortKey: 'enrollments', numeric: true },
                  { label: 'Active students', sortKey: 'activeStudents', numeric: true, note: `30 days to ${activeUntil}` },
                  { label: 'Completion', sortKey: 'completionRate', numeric: true },
                  { label: currency ? `Net revenue (${currency})` : 'Net revenue', sortKey: 'revenue', numeric: true },
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
                          {course.learning && course.learning.enrollments > 0 ? formatPercent(course.learning.completionRate, locale.locale) : '–'}
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
  return (
    <SelectField label={label} value={value} onChange={onChange}>
      <option value="">Any</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {labelOf(o)}
        </option>
      ))}
    </SelectField>
  );
}
