import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { PageHeader } from '#app/components/ui/page-header';
import { Form, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { HoursHeatmap, OutcomeBarChart } from '#app/routes/dashboard+/reports+/__charts';
import {
  changeText,
  figureText,
  reportTables,
  type FigureTable,
  type HoursTable,
  type ReportTableName,
} from '#app/routes/dashboard+/reports+/__report-tables';
import { loadReport } from '#app/routes/dashboard+/reports+/__reports.server';

export const meta: MetaFunction = () => [{ title: 'Reports · Business Assistant' }];

/** Reports: any member may open it; each section shows only what the member may view. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadReport(request, context);
}

const PERIOD_LABELS = { '7': 'Last 7 days', '30': 'Last 30 days', '90': 'Last 90 days', custom: 'Custom' } as const;

function csvHref(table: ReportTableName, query: { period: string; from: string; to: string }) {
  const params = new URLSearchParams({
    table,
    period: query.period,
    ...(query.period === 'custom' ? { from: query.from, to: query.to } : {}),
  });
  return `/dashboard/reports/csv?${params}`;
}

export default function ReportsRoute() {
  const { report, query, error } = useLoaderData<typeof loader>();
  const tables = report ? reportTables(report) : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Reports">
        {report ? (
          <p className="text-sm text-slate-600" data-testid="report-period">
            {report.period.from} to {report.period.to} ({report.period.days} days, {report.period.timezone}), compared
            with {report.period.previous_from} to {report.period.previous_to}
          </p>
        ) : null}
      </PageHeader>

      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
        aria-label="Report period"
      >
        <label className="flex flex-col text-sm">
          <span className="font-medium">Period</span>
          <select name="period" defaultValue={query.period} className="rounded border border-slate-300 px-2 py-1">
            {Object.entries(PERIOD_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="font-medium">From (custom)</span>
          <input
            type="date"
            name="from"
            defaultValue={query.from}
            className="rounded border border-slate-300 px-2 py-1"
          />
        </label>
        <label className="flex flex-col text-sm">
          <span className="font-medium">To (custom)</span>
          <input type="date" name="to" defaultValue={query.to} className="rounded border border-slate-300 px-2 py-1" />
        </label>
        <button type="submit" className={buttonClass()}>
          Show report
        </button>
        {error ? (
          <p role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </Form>

      {report && tables ? (
        report.empty ? (
          <div
            className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600"
            data-testid="reports-empty"
          >
            <p className="font-medium">Nothing to report for this period yet.</p>
            <p className="text-sm">
              Calls, messages, forms, contacts, tasks and questions will show here once they arrive.
            </p>
            <div className="mt-3 flex justify-center">
              <Notes
                notes={[...new Set(Object.values(report.restricted).filter((note): note is string => Boolean(note)))]}
              />
            </div>
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <Section table={tables.calls as FigureTable} query={query} chart />
            <Section table={tables.messages as FigureTable} query={query} />
            <Section table={tables.contacts as FigureTable} query={query} />
            <Section table={tables.tasks as FigureTable} query={query} />
            <Section table={tables.questions as FigureTable} query={query} />
            <HoursSection table={tables.hours as HoursTable} query={query} timezone={report.period.timezone} />
          </div>
        )
      ) : null}
    </div>
  );
}

function Notes({ notes }: { notes: string[] }) {
  return notes.length ? (
    <ul className="text-sm text-slate-600" data-testid="report-permission-notes">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  ) : null;
}

function CsvLink({ table, query }: { table: ReportTableName; query: { period: string; from: string; to: string } }) {
  return (
    <a href={csvHref(table, query)} download className="text-sm font-medium text-brand-700 underline">
      Download CSV<span className="sr-only"> of {table}</span>
    </a>
  );
}

function Section({
  table,
  query,
  chart = false,
}: {
  table: FigureTable;
  query: { period: string; from: string; to: string };
  chart?: boolean;
}) {
  const id = `report-${table.name}`;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid={id}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {table.title}
        </h2>
        {table.rows.length ? <CsvLink table={table.name} query={query} /> : null}
      </div>
      <Notes notes={table.notes} />
      {table.rows.length ? (
        <>
          {chart ? <OutcomeBarChart table={table} id={`${id}-chart`} /> : null}
          <div className={chart ? 'sr-only' : 'overflow-x-auto'}>
            <table className="w-full text-sm">
              <caption className="sr-only">{table.title}: this period, the previous period and the change</caption>
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="py-1 font-medium">
                    Figure
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    This period
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Previous
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.label} className="border-t border-slate-100" data-figure={row.label}>
                    <th scope="row" className="py-1 text-left font-normal">
                      {row.label}
                    </th>
                    <td className="py-1 text-right font-semibold tabular-nums">{figureText(row.current, row.unit)}</td>
                    <td className="py-1 text-right tabular-nums text-slate-600">
                      {figureText(row.previous, row.unit)}
                    </td>
                    <td className="py-1 text-right tabular-nums text-slate-600">{changeText(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {chart ? (
            <dl className="grid grid-cols-2 gap-2 text-sm" aria-hidden="true">
              {table.rows
                .filter((row) => row.label === 'All inbound calls' || row.unit === '%')
                .map((row) => (
                  <div key={row.label}>
                    <dt className="text-slate-600">{row.label}</dt>
                    <dd className="font-semibold">
                      {figureText(row.current, row.unit)}{' '}
                      <span className="text-xs font-normal text-slate-500">({changeText(row)})</span>
                    </dd>
                  </div>
                ))}
            </dl>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function HoursSection({
  table,
  query,
  timezone,
}: {
  table: HoursTable;
  query: { period: string; from: string; to: string };
  timezone: string;
}) {
  const id = 'report-hours';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 lg:col-span-2"
      data-testid={id}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {table.title}
        </h2>
        {table.grid ? <CsvLink table="hours" query={query} /> : null}
      </div>
      <p className="text-sm text-slate-600">Inbound calls, SMS and forms by hour ({timezone}).</p>
      <Notes notes={table.notes} />
      {table.grid ? (
        <>
          <HoursHeatmap table={table} id={`${id}-chart`} />
          {/* A clipped wrapper, not a clipped table: a table is never narrower than its cells, so it would widen the page. */}
          <div className="sr-only">
            <table>
              <caption>{table.title}: inbound items by weekday and hour</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {table.grid[0].map((_, hour) => (
                    <th key={hour} scope="col">{`${String(hour).padStart(2, '0')}:00`}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.grid.map((row, day) => (
                  <tr key={table.days[day]}>
                    <th scope="row">{table.days[day]}</th>
                    {row.map((count, hour) => (
                      <td key={hour}>{count}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
