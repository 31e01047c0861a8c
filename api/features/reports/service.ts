import { sql } from 'drizzle-orm';
import { hasPermission, type Permission } from '#contract/permissions';
import { permissionRefusal } from '#contract/messages';
import type {
  AnswerRate,
  CallFigures,
  Pair,
  QuestionFigures,
  Report,
  ReportInput,
  ReportSection,
} from '#contract/v1/reports';
import type { Db } from '#api/db/client';

/**
 * Reports: figures for a period and the previous period of equal length, each
 * computed by aggregate SQL (count(*) filter …) over the business's rows, a handful of
 * queries whatever the number of items. Periods are whole days in the business timezone:
 * "7" is the last 7 days including today; "custom" is from..to inclusive.
 */
export type { ReportPeriodKey } from '#contract/v1/reports';
export const MAX_CUSTOM_DAYS = 366;

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Today's date in a timezone (YYYY-MM-DD). */
export function todayIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export class ReportPeriodError extends Error {}

/** The current and previous periods as inclusive dates; throws ReportPeriodError on a bad custom range. */
export function resolvePeriod(input: ReportInput, timeZone: string, now: Date) {
  let from: string;
  let to: string;
  if (input.period === 'custom') {
    if (!input.from || !input.to || Number.isNaN(dateMs(input.from)) || Number.isNaN(dateMs(input.to)))
      throw new ReportPeriodError('Choose a start and an end date.');
    from = isoDate(dateMs(input.from));
    to = isoDate(dateMs(input.to));
    if (dateMs(to) < dateMs(from)) throw new ReportPeriodError('The end date must not be before the start date.');
    if ((dateMs(to) - dateMs(from)) / DAY_MS + 1 > MAX_CUSTOM_DAYS)
      throw new ReportPeriodError(`Choose at most ${MAX_CUSTOM_DAYS} days.`);
  } else {
    to = todayIn(timeZone, now);
    from = isoDate(dateMs(to) - (Number(input.period) - 1) * DAY_MS);
  }
  const days = Math.round((dateMs(to) - dateMs(from)) / DAY_MS) + 1;
  const previousTo = isoDate(dateMs(from) - DAY_MS);
  const previousFrom = isoDate(dateMs(from) - days * DAY_MS);
  return {
    key: input.period,
    from,
    to,
    days,
    previous_from: previousFrom,
    previous_to: previousTo,
    timezone: timeZone,
  };
}

const n = (value: unknown) => Number(value ?? 0);
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

type Bounds = { ps: string; cs: string; ce: string; tz: string; now: string };

/**
 * The timeline figures of both periods in one scan of the (business_id, sort_at) index:
 * ps..cs is the previous period, cs..ce the current one (timestamps at local midnight).
 */
function timelineCountsSql(businessId: string, b: Bounds) {
  const cur = sql`sort_at >= b.cs and sort_at < b.ce`;
  const prev = sql`sort_at < b.cs`;
  const call = sql`type = 'call' and direction = 'inbound'`;
  const answered = sql`${call} and status = 'completed' and coalesce(details->>'transferred_to', '') = ''`;
  const transferred = sql`${call} and coalesce(details->>'transferred_to', '') <> ''`;
  const missed = sql`${call} and status = 'missed_call'`;
  const voicemail = sql`${call} and status = 'voicemail'`;
  const smsIn = sql`type = 'sms' and direction = 'inbound'`;
  const smsOut = sql`type = 'sms' and direction = 'outbound'`;
  const form = sql`type = 'form'`;
  const pair = (name: string, where: ReturnType<typeof sql>) =>
    sql`count(*) filter (where ${where} and ${cur})::int as ${sql.identifier(`c_${name}`)}, count(*) filter (where ${where} and ${prev})::int as ${sql.identifier(`p_${name}`)}`;
  return sql`
    with b as (select ${bound(b.ps, b.tz)} as ps, ${bound(b.cs, b.tz)} as cs, ${bound(b.ce, b.tz)} as ce)
    select ${pair('inbound', call)}, ${pair('answered', answered)}, ${pair('transferred', transferred)}, ${pair('missed', missed)},
      ${pair('voicemail', voicemail)}, ${pair('sms_in', smsIn)}, ${pair('sms_out', smsOut)}, ${pair('forms', form)}
    from timeline_items, b
    where business_id = ${businessId} and deleted_at is null and sort_at >= b.ps and sort_at < b.ce and type in ('call', 'sms', 'form')`;
}

/** Local midnight of a date in a timezone, as a timestamptz. */
const bound = (date: string, tz: string) => sql`(cast(${date} as date)::timestamp at time zone ${tz})`;

/** The raw aggregate statements of a report (the benchmark times them alone). */
export function reportStatements(businessId: string, b: Bounds, hourTypes: string[] = ['call', 'sms', 'form']) {
  const bounds = sql`with b as (select ${bound(b.ps, b.tz)} as ps, ${bound(b.cs, b.tz)} as cs, ${bound(b.ce, b.tz)} as ce, least(${bound(b.ce, b.tz)}, cast(${b.now} as timestamptz)) as due)`;
  return {
    timeline: timelineCountsSql(businessId, b),
    tasks: sql`${bounds}
      select
        count(*) filter (where created_at >= b.cs and created_at < b.ce)::int as c_created,
        count(*) filter (where created_at >= b.ps and created_at < b.cs)::int as p_created,
        count(*) filter (where completed_at >= b.cs and completed_at < b.ce)::int as c_completed,
        count(*) filter (where completed_at >= b.ps and completed_at < b.cs)::int as p_completed,
        count(*) filter (where reminder >= b.cs and reminder < b.due and (completed_at is null or completed_at > reminder))::int as c_overdue,
        count(*) filter (where reminder >= b.ps and reminder < least(b.cs, b.due) and (completed_at is null or completed_at > reminder))::int as p_overdue
      from timeline_items, b
      where business_id = ${businessId} and type = 'note' and reminder is not null and deleted_at is null`,
    contacts: sql`${bounds}
      select count(*) filter (where created_at >= b.cs)::int as c_new, count(*) filter (where created_at < b.cs)::int as p_new
      from customers, b
      where business_id = ${businessId} and deleted_at is null and created_at >= b.ps and created_at < b.ce`,
    questions: sql`${bounds}
      select
        count(*) filter (where created_at >= b.cs)::int as c_total, count(*) filter (where created_at < b.cs)::int as p_total,
        count(*) filter (where created_at >= b.cs and type = 'answered_question')::int as c_answered,
        count(*) filter (where created_at < b.cs and type = 'answered_question')::int as p_answered
      from memories, b
      where business_id = ${businessId} and deleted_at is null and type in ('question', 'answered_question', 'ignored_question')
        and created_at >= b.ps and created_at < b.ce`,
    hours: sql`${bounds}
      select extract(isodow from sort_at at time zone ${b.tz})::int as dow, extract(hour from sort_at at time zone ${b.tz})::int as hour, count(*)::int as total
      from timeline_items, b
      where business_id = ${businessId} and deleted_at is null and sort_at >= b.cs and sort_at < b.ce
        and direction = 'inbound' and type in (${sql.join(
          hourTypes.map((t) => sql`${t}`),
          sql`, `,
        )})
      group by 1, 2`,
  };
}

type Row = Record<string, unknown>;
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The report for a member with the given permissions: sections they may not view are null with a note. */
export async function buildReport(
  db: Db,
  business: { id: string; timezone: string },
  permissions: readonly string[],
  input: ReportInput,
  now: Date,
): Promise<Report> {
  const period = resolvePeriod(input, business.timezone, now);
  const b: Bounds = {
    ps: period.previous_from,
    cs: period.from,
    ce: isoDate(dateMs(period.to) + DAY_MS),
    tz: business.timezone,
    now: now.toISOString(),
  };
  const may = (p: Permission) => hasPermission(permissions as string[], p);
  const restricted: Report['restricted'] = {};
  const deny = (section: ReportSection, thing: string) => {
    restricted[section] = permissionRefusal(thing);
  };
  const canCalls = may('calls/view');
  const canSms = may('smses/view');
  const canForms = may('forms/view');
  const canContacts = may('customers/view');
  const canTasks = may('notes/view');
  const canQuestions = may('memories/view');
  const hourTypes = [
    ...(canCalls ? ['call' as const] : []),
    ...(canSms ? ['sms' as const] : []),
    ...(canForms ? ['form' as const] : []),
  ];
  const statements = reportStatements(business.id, b, hourTypes.length ? hourTypes : ['call']);

  const [timeline, tasks, contacts, questions, hours] = await Promise.all([
    canCalls || canSms || canForms ? rows(db, statements.timeline).then((r) => r[0] ?? {}) : Promise.resolve(null),
    canTasks ? rows(db, statements.tasks).then((r) => r[0] ?? {}) : Promise.resolve(null),
    canContacts ? rows(db, statements.contacts).then((r) => r[0] ?? {}) : Promise.resolve(null),
    canQuestions ? rows(db, statements.questions).then((r) => r[0] ?? {}) : Promise.resolve(null),
    hourTypes.length ? rows(db, statements.hours) : Promise.resolve(null),
  ]);

  const calls = (prefix: 'c' | 'p'): CallFigures => ({
    inbound: n(timeline?.[`${prefix}_inbound`]),
    answered: n(timeline?.[`${prefix}_answered`]),
    transferred: n(timeline?.[`${prefix}_transferred`]),
    missed: n(timeline?.[`${prefix}_missed`]),
    voicemail: n(timeline?.[`${prefix}_voicemail`]),
  });
  const questionFigures = (prefix: 'c' | 'p'): QuestionFigures => ({
    unanswered_by_assistant: n(questions?.[`${prefix}_total`]),
    answered_by_owner: n(questions?.[`${prefix}_answered`]),
  });
  const answerRate = (prefix: 'c' | 'p'): AnswerRate => {
    const c = calls(prefix);
    const q = questionFigures(prefix);
    return {
      calls_answered: canCalls ? c.answered : 0,
      calls_inbound: canCalls ? c.inbound : 0,
      call_rate: canCalls ? rate(c.answered, c.inbound) : null,
      questions_answered: canQuestions ? q.answered_by_owner : 0,
      questions_total: canQuestions ? q.unanswered_by_assistant : 0,
      question_rate: canQuestions ? rate(q.answered_by_owner, q.unanswered_by_assistant) : null,
    };
  };

  if (!canCalls) deny('calls', 'calls');
  if (!canSms) deny('sms', 'smses');
  if (!canForms) deny('forms', 'forms');
  if (!canContacts) deny('contacts', 'customers');
  if (!canTasks) deny('tasks', 'notes');
  if (!canQuestions) deny('questions', 'memories');
  if (!canCalls && !canQuestions) deny('answer_rate', 'calls');
  if (!hourTypes.length) deny('hours', 'calls');

  let grid: number[][] | null = null;
  if (hours) {
    grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const row of hours) grid[n(row.dow) - 1][n(row.hour)] = n(row.total);
  }

  const report: Report = {
    period,
    calls: canCalls ? { current: calls('c'), previous: calls('p') } : null,
    sms: canSms
      ? {
          current: { sms_in: n(timeline?.c_sms_in), sms_out: n(timeline?.c_sms_out) },
          previous: { sms_in: n(timeline?.p_sms_in), sms_out: n(timeline?.p_sms_out) },
        }
      : null,
    forms: canForms ? { current: { forms: n(timeline?.c_forms) }, previous: { forms: n(timeline?.p_forms) } } : null,
    contacts: canContacts
      ? { current: { new_contacts: n(contacts?.c_new) }, previous: { new_contacts: n(contacts?.p_new) } }
      : null,
    tasks: canTasks
      ? {
          current: { created: n(tasks?.c_created), completed: n(tasks?.c_completed), overdue: n(tasks?.c_overdue) },
          previous: { created: n(tasks?.p_created), completed: n(tasks?.p_completed), overdue: n(tasks?.p_overdue) },
        }
      : null,
    questions: canQuestions ? { current: questionFigures('c'), previous: questionFigures('p') } : null,
    answer_rate: canCalls || canQuestions ? { current: answerRate('c'), previous: answerRate('p') } : null,
    hours: grid,
    hours_types: hourTypes,
    restricted,
    empty: false,
  };
  report.empty = isEmptyReport(report);
  return report;
}

function isEmptyReport(report: Report): boolean {
  const sum = (pair: Pair<Record<string, number | null>> | null) =>
    pair
      ? [...Object.values(pair.current), ...Object.values(pair.previous)].reduce<number>(
          (total, v) => total + (v ?? 0),
          0,
        )
      : 0;
  return (
    sum(report.calls) +
      sum(report.sms) +
      sum(report.forms) +
      sum(report.contacts) +
      sum(report.tasks) +
      sum(report.questions) ===
    0
  );
}
