import { z } from 'zod';
import { optionalText, requiredText } from '../fields';
import {
  ACTION_KINDS,
  ACTION_STATUSES,
  ACTION_TRIGGERS,
  INTERVAL_INVALID,
  formatInterval,
  parseIntervalMinutes,
} from '../action-terms';
import { messages } from '../messages';

/**
 * Actions: the assistant's scheduled follow-ups (docs/product.md#entities "Action: name,
 * status, interval"; the three messages of docs/product.md#validation). An action watches for a trigger and, an
 * interval after it (or every interval while it still holds, when `repeat`), does one thing.
 */
export * from '../action-terms';

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
