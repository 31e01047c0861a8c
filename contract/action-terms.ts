/**
 * Action statuses, triggers, kinds and intervals with their labels, apart from the action schema
 * (contract/schemas/action.ts, which re-exports them) so that the actions pages show them without
 * loading zod.
 */
export const ACTION_STATUSES = ['active', 'paused'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
export const ACTION_STATUS_LABELS: Record<ActionStatus, string> = { active: 'Active', paused: 'Paused' };

export const ACTION_TRIGGERS = [
  'missed_call',
  'new_lead',
  'customer_status',
  'task_overdue',
  'order_unconfirmed',
] as const;
export type ActionTrigger = (typeof ACTION_TRIGGERS)[number];
export const ACTION_TRIGGER_LABELS: Record<ActionTrigger, string> = {
  missed_call: 'A missed call or voicemail',
  new_lead: 'A new lead from a web form',
  customer_status: 'A contact stays in a status',
  task_overdue: 'A task is overdue',
  order_unconfirmed: 'An order is not confirmed',
};

export const ACTION_KINDS = ['send_sms', 'send_email', 'create_task', 'set_customer_status'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export const ACTION_KIND_LABELS: Record<ActionKind, string> = {
  send_sms: 'Send the customer an SMS',
  send_email: 'Send the customer an email',
  create_task: 'Create a task for a team member',
  set_customer_status: 'Move the contact to another status',
};

/** The ready-made actions offered on first use; `key` ties a business's copy to its recipe. */
export const READY_MADE_ACTION_KEYS = [
  'missed_call_text_back',
  'lead_follow_up',
  'unconfirmed_order_reminder',
  'overdue_tasks_nudge',
] as const;
export type ReadyMadeActionKey = (typeof READY_MADE_ACTION_KEYS)[number];

export const INTERVAL_UNITS = { minute: 1, hour: 60, day: 24 * 60, week: 7 * 24 * 60 } as const;
const MAX_INTERVAL_MINUTES = 366 * 24 * 60;
export const INTERVAL_INVALID =
  'Action interval must be like "immediately", "30 minutes", "6 hours", "2 days" or "1 week".';

/**
 * An interval in minutes, from what people write: "immediately" (0), "2 days", "every 6 hours",
 * "1 week", "daily"/"hourly"/"weekly", "48h", "30m", an ISO 8601 duration ("P2D", "PT6H"), a bare
 * number (hours), or { value, unit }. Null when it cannot be read.
 */
export function parseIntervalMinutes(input: unknown): number | null {
  if (typeof input === 'number')
    return Number.isFinite(input) && input >= 0 && input * 60 <= MAX_INTERVAL_MINUTES ? Math.round(input * 60) : null;
  if (input && typeof input === 'object') {
    const { value, unit } = input as { value?: unknown; unit?: unknown };
    return typeof unit === 'string' ? parseIntervalMinutes(`${String(value)} ${unit}`) : null;
  }
  if (typeof input !== 'string') return null;
  const text = input
    .trim()
    .toLowerCase()
    .replace(/^every\s+/, '')
    .replace(/\s+after\b.*$/, '');
  if (!text) return null;
  if (/^(immediately|now|instantly|at once|0)$/.test(text)) return 0;
  const named: Record<string, number> = { hourly: 60, daily: 1440, weekly: 10080 };
  if (named[text] !== undefined) return named[text];
  const iso = /^p(?:(\d+)w)?(?:(\d+)d)?(?:t(?:(\d+)h)?(?:(\d+)m)?)?$/.exec(text);
  if (iso && text !== 'p' && text !== 'pt') {
    const [, w, d, h, m] = iso.map((part) => Number(part ?? 0));
    return within(w * 10080 + d * 1440 + h * 60 + m);
  }
  if (/^\d+(\.\d+)?$/.test(text)) return parseIntervalMinutes(Number(text));
  const match = /^(\d+(?:\.\d+)?|an?|one)\s*(m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?)$/.exec(text);
  if (!match) return null;
  const amount = /^(a|an|one)$/.test(match[1]) ? 1 : Number(match[1]);
  const unit = match[2].startsWith('m')
    ? 'minute'
    : match[2].startsWith('h')
      ? 'hour'
      : match[2].startsWith('d')
        ? 'day'
        : 'week';
  return within(Math.round(amount * INTERVAL_UNITS[unit]));
}
const within = (minutes: number) => (minutes >= 0 && minutes <= MAX_INTERVAL_MINUTES ? minutes : null);

/** How an interval reads back: "immediately", "30 minutes", "6 hours", "2 days", "1 week". */
export function formatInterval(minutes: number): string {
  if (minutes === 0) return 'immediately';
  const [unit, size] = (Object.entries(INTERVAL_UNITS) as [string, number][])
    .reverse()
    .find(([, size]) => minutes % size === 0) ?? ['minute', 1];
  const amount = minutes / size;
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
