import { z } from 'zod';
import { optionalText, requiredText } from '../fields';
import { messages } from '../messages';

/**
 * Actions: the assistant's scheduled follow-ups (docs/product.md#entities "Action: name,
 * status, interval"; the three messages of docs/product.md#validation). An action watches for a trigger and, an
 * interval after it (or every interval while it still holds, when `repeat`), does one thing.
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

const intervalField = z
  .union([z.string(), z.number(), z.object({ value: z.unknown(), unit: z.unknown() })], {
    error: messages.action.intervalRequired,
  })
  .refine((value) => !(typeof value === 'string' && !value.trim()), {
    error: messages.action.intervalRequired,
    abort: true,
  })
  .refine((value) => parseIntervalMinutes(value) !== null, { error: INTERVAL_INVALID })
  .transform((value) => ({
    text: typeof value === 'string' ? value.trim() : formatInterval(parseIntervalMinutes(value)!),
    minutes: parseIntervalMinutes(value)!,
  }));

/** docs/product.md#validation "Action": name, status and interval required. Everything else has a default. */
export const actionSchema = z.object({
  name: requiredText(messages.action.nameRequired, {
    length: 100,
    message: 'Action name must be less than 100 characters.',
  }),
  status: z.enum(ACTION_STATUSES, { error: messages.action.statusRequired }),
  interval: intervalField,
  /** false: once, `interval` after the trigger; true: again every `interval` while the trigger holds. */
  repeat: z.boolean().optional(),
  trigger: z.enum(ACTION_TRIGGERS, { error: `Trigger must be one of ${ACTION_TRIGGERS.join(', ')}.` }).optional(),
  /** customer_status: the status the contact must be in (for at least `interval`). */
  trigger_status: optionalText(100).nullable(),
  kind: z.enum(ACTION_KINDS, { error: `What the action does must be one of ${ACTION_KINDS.join(', ')}.` }).optional(),
  /** The SMS/email/task text, with {first_name}, {name}, {business_name} and the like; empty = the recipe's default. */
  template: optionalText(1600).nullable(),
  /** create_task: the member the task is for (none = unassigned). */
  assignee_id: optionalText(100).nullable(),
  /** set_customer_status: the status the contact moves to. */
  target_status: optionalText(100).nullable(),
  /** At most this many runs per customer per 24 hours. */
  per_customer_limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'Per-customer limit must be at least 1.' })
    .max(50, { error: 'Per-customer limit must be at most 50.' })
    .optional(),
  /** Messages wait for the business's opening hours. */
  opening_hours_only: z.boolean().optional(),
  /** A reply from the customer after the trigger stops the action for them. */
  stop_on_reply: z.boolean().optional(),
});
export type ActionInput = z.infer<typeof actionSchema>;
export const actionUpdateSchema = actionSchema.partial();

export const ACTION_RUN_STATUSES = ['pending', 'running', 'done', 'skipped', 'failed', 'stopped'] as const;
export type ActionRunStatus = (typeof ACTION_RUN_STATUSES)[number];
