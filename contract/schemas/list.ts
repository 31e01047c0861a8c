import { z } from 'zod';
import { dateTimeSchema } from '../dates';
import { messages } from '../messages';

/**
 * docs/product.md#entities "List filters": page (from 0), limit, sort_by, sort_order, created_at
 * range; task views add reminder (a range), incomplete_tasks_only and tasks_only.
 */
/**
 * A yes/no filter: a JSON boolean, or its spelling in a query string ("true"/"false", "1"/"0",
 * "yes"/"no"). z.coerce.boolean would read the string "false" as true.
 */
export const flagSchema = z.union([z.boolean(), z.stringbool()]);

const range = z.object({ from: dateTimeSchema.optional(), to: dateTimeSchema.optional() }).optional();

export const listFiltersSchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort_by: z.string().max(50).optional(),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  created_at: range,
});

export const taskFiltersSchema = listFiltersSchema.extend({
  reminder: range,
  incomplete_tasks_only: flagSchema.optional(),
  tasks_only: flagSchema.optional(),
  /** Tasks with no due date (internal notes without a reminder): the "No date" view of notes & tasks. */
  without_reminder: flagSchema.optional(),
  customer_id: z.string().max(100).optional(),
});
/** A list's free-text search: trimmed, at most 100 characters; an empty one is no search. */
export const listSearchSchema = z
  .string()
  .trim()
  .max(100, { error: messages.lookup.tooLong })
  .optional()
  .transform((value) => value || undefined);

/** A list narrowed to one of an entity's statuses, refused with the values it may take. */
export const statusFilterSchema = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z.enum(statuses, { error: `Status must be one of ${statuses.join(', ')}.` }).optional();

export type ListFilters = z.infer<typeof listFiltersSchema>;
