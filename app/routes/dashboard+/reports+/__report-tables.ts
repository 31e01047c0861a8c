import type { Report } from '#contract/v1/reports';

/**
 * The report's tables, built once from the v1 report: the page renders them (and the charts
 * draw from them) and the CSV route writes them, so the numbers are the same everywhere.
 */
export const REPORT_TABLES = ['calls', 'messages', 'contacts', 'tasks', 'questions', 'hours'] as const;
export type ReportTableName = (typeof REPORT_TABLES)[number];

export type FigureRow = { label: string; current: number | null; previous: number | null; unit?: '%' };
export type FigureTable = { kind: 'figures'; name: ReportTableName; title: string; rows: FigureRow[]; notes: string[] };
export type HoursTable = {
  kind: 'hours';
  name: 'hours';
  title: string;
  days: string[];
  grid: number[][] | null;
  notes: string[];
};
export type ReportTable = FigureTable | HoursTable;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function isReportTable(value: string | null): value is ReportTableName {
  return (REPORT_TABLES as readonly string[]).includes(value ?? '');
}

export function reportTables(report: Report): Record<ReportTableName, ReportTable> {
  const r = report.restricted;
  const notes = (...messages: Array<string | undefined>) => messages.filter((m): m is string => Boolean(m));
  const calls = report.calls;
  const rate = report.answer_rate;
  return {
    calls: {
      kind: 'figures',
      name: 'calls',
      title: 'Calls by outcome',
      rows: calls
        ? [
            { label: 'Answered by the assistant', current: calls.current.answered, previous: calls.previous.answered },
            { label: 'Transferred', current: calls.current.transferred, previous: calls.previous.transferred },
            { label: 'Missed', current: calls.current.missed, previous: calls.previous.missed },
            { label: 'Voicemail', current: calls.current.voicemail, previous: calls.previous.voicemail },
            { label: 'All inbound calls', current: calls.current.inbound, previous: calls.previous.inbound },
            ...(rate
              ? [
                  {
                    label: 'Answer rate (calls)',
                    current: rate.current.call_rate,
                    previous: rate.previous.call_rate,
                    unit: '%' as const,
                  },
                ]
              : []),
          ]
        : [],
      notes: notes(r.calls),
    },
    messages: {
      kind: 'figures',
      name: 'messages',
      title: 'SMS and forms',
      rows: [
        ...(report.sms
          ? [
              { label: 'SMS received', current: report.sms.current.sms_in, previous: report.sms.previous.sms_in },
              { label: 'SMS sent', current: report.sms.current.sms_out, previous: report.sms.previous.sms_out },
            ]
          : []),
        ...(report.forms
          ? [{ label: 'Forms', current: report.forms.current.forms, previous: report.forms.previous.forms }]
          : []),
      ],
      notes: notes(r.sms, r.forms),
    },
    contacts: {
      kind: 'figures',
      name: 'contacts',
      title: 'New contacts',
      rows: report.contacts
        ? [
            {
              label: 'New contacts',
              current: report.contacts.current.new_contacts,
              previous: report.contacts.previous.new_contacts,
            },
          ]
        : [],
      notes: notes(r.contacts),
    },
    tasks: {
      kind: 'figures',
      name: 'tasks',
      title: 'Tasks',
      rows: report.tasks
        ? [
            { label: 'Created', current: report.tasks.current.created, previous: report.tasks.previous.created },
            { label: 'Completed', current: report.tasks.current.completed, previous: report.tasks.previous.completed },
            { label: 'Overdue', current: report.tasks.current.overdue, previous: report.tasks.previous.overdue },
          ]
        : [],
      notes: notes(r.tasks),
    },
    questions: {
      kind: 'figures',
      name: 'questions',
      title: 'Questions the assistant could not answer',
      rows: report.questions
        ? [
            {
              label: 'Questions the assistant could not answer',
              current: report.questions.current.unanswered_by_assistant,
              previous: report.questions.previous.unanswered_by_assistant,
            },
            {
              label: 'Answered by you',
              current: report.questions.current.answered_by_owner,
              previous: report.questions.previous.answered_by_owner,
            },
            ...(rate
              ? [
                  {
                    label: 'Answer rate (questions)',
                    current: rate.current.question_rate,
                    previous: rate.previous.question_rate,
                    unit: '%' as const,
                  },
                ]
              : []),
          ]
        : [],
      notes: notes(r.questions),
    },
    hours: {
      kind: 'hours',
      name: 'hours',
      title: 'Busiest hours of the week',
      days: WEEKDAYS,
      grid: report.hours,
      notes: notes(r.hours),
    },
  };
}

/** The change from the previous period, e.g. "+3 (+50%)", "−2", "no change". */
export function changeText(row: FigureRow): string {
  if (row.current === null || row.previous === null) return '—';
  const diff = Math.round((row.current - row.previous) * 10) / 10;
  if (diff === 0) return 'no change';
  const sign = diff > 0 ? '+' : '−';
  const abs = `${sign}${Math.abs(diff)}${row.unit === '%' ? ' pts' : ''}`;
  if (row.unit === '%' || row.previous === 0) return abs;
  return `${abs} (${sign}${Math.round((Math.abs(diff) / row.previous) * 100)}%)`;
}

export const figureText = (value: number | null, unit?: '%') => (value === null ? '—' : `${value}${unit ?? ''}`);

const cell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One table as CSV (RFC 4180, CRLF line ends). */
export function tableCsv(table: ReportTable, report: Report): string {
  const lines: Array<Array<string | number>> = [];
  if (table.kind === 'figures') {
    lines.push([
      'Figure',
      `${report.period.from} to ${report.period.to}`,
      `${report.period.previous_from} to ${report.period.previous_to}`,
      'Change',
    ]);
    for (const row of table.rows) lines.push([row.label, row.current ?? '', row.previous ?? '', changeText(row)]);
  } else {
    lines.push([
      `Day (${report.period.timezone})`,
      ...Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`),
    ]);
    if (table.grid) table.grid.forEach((row, day) => lines.push([table.days[day], ...row]));
  }
  for (const note of table.notes) lines.push([note]);
  return lines.map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n';
}
