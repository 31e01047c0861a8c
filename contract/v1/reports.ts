import { z } from 'zod';
import { calendarDateSchema } from '../dates';
import { businessParams, defineCall } from './define';

/**
 * Reports (businesses/reports/{business_id}/get), shared by the API and the app: any member
 * may ask; each section is computed only from what the member may view, the others come
 * back null with the refusal in `restricted`.
 */
export const REPORT_PERIODS = ['7', '30', '90', 'custom'] as const;
export type ReportPeriodKey = (typeof REPORT_PERIODS)[number];
export const REPORT_SECTIONS = [
  'calls',
  'sms',
  'forms',
  'contacts',
  'tasks',
  'questions',
  'answer_rate',
  'hours',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

const date = calendarDateSchema('Use a date like 2026-01-31.');
export const reportBody = z
  .object({ period: z.enum(REPORT_PERIODS).default('30'), from: date.optional(), to: date.optional() })
  .meta({ id: 'ReportRequest' });
export type ReportInput = z.output<typeof reportBody>;

const counts = <const Names extends readonly string[]>(...names: Names) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.number()])) as { [K in Names[number]]: z.ZodNumber });
const callFigures = counts('inbound', 'answered', 'transferred', 'missed', 'voicemail');
const answerRate = z.object({
  ...counts('calls_answered', 'calls_inbound', 'questions_answered', 'questions_total').shape,
  call_rate: z.number().nullable(),
  question_rate: z.number().nullable(),
});
const questionFigures = counts('unanswered_by_assistant', 'answered_by_owner');
/** The figures for the period beside the previous period of equal length; null when the member may not see them. */
const pair = <T extends z.ZodType>(figures: T) => z.object({ current: figures, previous: figures }).nullable();

const reportOut = z
  .object({
    period: z.object({
      key: z.enum(REPORT_PERIODS),
      from: z.string(),
      to: z.string(),
      days: z.number(),
      previous_from: z.string(),
      previous_to: z.string(),
      timezone: z.string(),
    }),
    calls: pair(callFigures),
    sms: pair(counts('sms_in', 'sms_out')),
    forms: pair(counts('forms')),
    contacts: pair(counts('new_contacts')),
    tasks: pair(counts('created', 'completed', 'overdue')),
    questions: pair(questionFigures),
    answer_rate: pair(answerRate),
    /** 7 rows (Monday first) × 24 hours (business timezone) of inbound calls, SMS and forms in the current period. */
    hours: z.array(z.array(z.number())).nullable(),
    /** Which kinds the hours count (the ones the member may view). */
    hours_types: z.array(z.enum(['call', 'sms', 'form'])),
    /** A note per section the member may not see (the page shows it instead of the figures). */
    restricted: z.partialRecord(z.enum(REPORT_SECTIONS), z.string()),
    /** True when nothing at all happened in either period (the page's empty state). */
    empty: z.boolean(),
  })
  .meta({ id: 'Report' });

export type Report = z.output<typeof reportOut>;
export type CallFigures = z.output<typeof callFigures>;
export type QuestionFigures = z.output<typeof questionFigures>;
export type AnswerRate = z.output<typeof answerRate>;
export type Pair<T> = { current: T; previous: T };

export const reports = {
  get: defineCall({
    path: 'businesses/reports/{business_id}/get',
    params: businessParams,
    body: reportBody,
    bodyRequired: false,
    response: z.object({ report: reportOut }),
    permission: 'member',
    summary:
      'The report for a period (7, 30, 90 days or custom from..to, business timezone) beside the previous period of equal length',
    tags: ['Reports'],
  }),
};
