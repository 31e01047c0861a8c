import { z } from 'zod';
import type { ApiTimelineItem } from '#contract/envelope';
import { messages } from '#contract/messages';
import { noteSchema, REPEAT_EVERY } from '#contract/schemas/note';
import { dateToZonedLocal, isLocalDateTime, zonedLocalToDate } from './timezone';

/**
 * The note/task form. Its fields are the contract's noteSchema (same body message, same
 * customer field) except where a web form needs flat inputs: the reminder is a
 * datetime-local value on the business's wall clock, and the repeat rule is two inputs
 * (every day/week/month, interval). toNotePayload turns it into the v1 payload.
 */
export const noteFormSchema = z
  .object({
    body: noteSchema.shape.body,
    customer_id: noteSchema.shape.customer_id,
    reminder: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isLocalDateTime(value), { error: messages.date.invalid }),
    repeat_every: z.enum(REPEAT_EVERY, { error: 'Choose how often the task repeats.' }).optional(),
    repeat_interval: z.coerce
      .number({ error: 'Repeat interval must be a number.' })
      .int({ error: 'Repeat interval must be a whole number.' })
      .min(1, { error: 'Repeat interval must be at least 1.' })
      .max(365, { error: 'Repeat interval must be at most 365.' })
      .optional(),
    internal: z.coerce.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    // Only a task (a note with a reminder) can repeat: the rule advances its reminder.
    if (value.repeat_every && !value.reminder) {
      ctx.addIssue({ code: 'custom', path: ['reminder'], message: 'Set a reminder for a task that repeats.' });
    }
  });

export type NoteFormValue = z.output<typeof noteFormSchema>;

export function toNotePayload(value: NoteFormValue, timeZone: string) {
  const reminder = value.reminder ? zonedLocalToDate(value.reminder, timeZone) : null;
  return {
    body: value.body,
    customer_id: value.customer_id ?? null,
    reminder: reminder ? reminder.toISOString() : null,
    repeat: reminder && value.repeat_every ? { every: value.repeat_every, interval: value.repeat_interval ?? 1 } : null,
    internal: Boolean(value.internal),
  };
}

/** The form's starting values for an existing note, on the business's wall clock. */
export function noteFormDefaults(note: ApiTimelineItem | null, timeZone: string, customerId?: string | null) {
  if (!note)
    return {
      body: '',
      customer_id: customerId ?? '',
      reminder: '',
      repeat_every: '',
      repeat_interval: '1',
      internal: false,
    };
  return {
    body: note.body ?? '',
    customer_id: note.customer_id ?? '',
    reminder: note.reminder ? dateToZonedLocal(note.reminder, timeZone) : '',
    repeat_every: note.repeat?.every ?? '',
    repeat_interval: String(note.repeat?.interval ?? 1),
    internal: note.internal,
  };
}
