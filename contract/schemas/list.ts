import { z } from 'zod';
import { dateTimeSchema } from '../dates';

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
export type ListFilters = z.infer<typeof listFiltersSchema>;
