import { z } from 'zod';
import { dateTimeSchema } from '../dates';

/**
 * Spec section 3 "List filters": page (from 0), limit, sort_by, sort_order, created_at
 * range; task views add reminder (a range), incomplete_tasks_only and tasks_only.
 */
const range = z
  .object({ from: dateTimeSchema.optional(), to: dateTimeSchema.optional() })
  .optional();

export const listFiltersSchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort_by: z.string().max(50).optional(),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  created_at: range,
});

export const taskFiltersSchema = listFiltersSchema.extend({
  reminder: range,
  incomplete_tasks_only: z.coerce.boolean().optional(),
  tasks_only: z.coerce.boolean().optional(),
  /** Tasks with no due date (internal notes without a reminder): the "No date" view of notes & tasks. */
  without_reminder: z.coerce.boolean().optional(),
  customer_id: z.string().max(100).optional(),
});
export type ListFilters = z.infer<typeof listFiltersSchema>;
