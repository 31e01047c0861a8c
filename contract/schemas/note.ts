import { z } from 'zod';
import { looseDateSchema } from '../dates';
import { flagSchema } from './list';
import { optionalText } from '../fields';
import { messages } from '../messages';

export const REPEAT_EVERY = ['day', 'week', 'month'] as const;

/** How a task repeats: every N days, weeks or months (daily = every 1 day). */
export const repeatSchema = z
  .object({
    every: z.enum(REPEAT_EVERY, { error: 'Choose how often the task repeats.' }),
    interval: z.coerce
      .number({ error: 'Repeat interval must be a number.' })
      .int()
      .min(1, { error: 'Repeat interval must be at least 1.' })
      .max(365)
      .default(1),
  })
  .nullable();

/** Left empty: no reminder. */
const isoDate = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(looseDateSchema.optional());

/** A note, or a task when it has a reminder (docs/product.md#entities and docs/product.md#validation). */
export const noteSchema = z.object({
  body: z
    .string({ error: messages.note.bodyRequired })
    .trim()
    .min(1, { error: messages.note.bodyRequired, abort: true })
    .max(5000),
  customer_id: optionalText(100).nullable(),
  reminder: isoDate.nullable(),
  repeat: repeatSchema.optional(),
  internal: flagSchema.optional(),
  completed: flagSchema.optional(),
  assigned_to: optionalText(100).nullable(),
});
export type NoteInput = z.infer<typeof noteSchema>;
export const noteUpdateSchema = noteSchema.partial();
