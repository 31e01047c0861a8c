/** The v1 report (businesses/reports/{business_id}/get), shared by the API and the app. */
export type ReportPeriodKey = '7' | '30' | '90' | 'custom';
export type ReportInput = { period: ReportPeriodKey; from?: string; to?: string };

export type CallFigures = { inbound: number; answered: number; transferred: number; missed: number; voicemail: number };
export type SmsFigures = { sms_in: number; sms_out: number };
export type FormFigures = { forms: number };
export type ContactFigures = { new_contacts: number };
export type TaskFigures = { created: number; completed: number; overdue: number };
export type QuestionFigures = { unanswered_by_assistant: number; answered_by_owner: number };
export type AnswerRate = {
  calls_answered: number;
  calls_inbound: number;
  call_rate: number | null;
  questions_answered: number;
  questions_total: number;
  question_rate: number | null;
};
export type Pair<T> = { current: T; previous: T };

export type ReportSection = 'calls' | 'sms' | 'forms' | 'contacts' | 'tasks' | 'questions' | 'answer_rate' | 'hours';
export type Report = {
  period: {
    key: ReportPeriodKey;
    from: string;
    to: string;
    days: number;
    previous_from: string;
    previous_to: string;
    timezone: string;
  };
  calls: Pair<CallFigures> | null;
  sms: Pair<SmsFigures> | null;
  forms: Pair<FormFigures> | null;
  contacts: Pair<ContactFigures> | null;
  tasks: Pair<TaskFigures> | null;
  questions: Pair<QuestionFigures> | null;
  answer_rate: Pair<AnswerRate> | null;
  /** 7 rows (Monday first) × 24 hours (business timezone) of inbound calls, SMS and forms in the current period. */
  hours: number[][] | null;
  /** Which kinds the hours count (the ones the member may view). */
  hours_types: Array<'call' | 'sms' | 'form'>;
  /** A note per section the member may not see (the page shows it instead of the figures). */
  restricted: Partial<Record<ReportSection, string>>;
  /** True when nothing at all happened in either period (the page's empty state). */
  empty: boolean;
};
