import { z } from '@hono/zod-openapi';
import { ACTION_STATUSES, ACTION_TRIGGERS, actionSchema, actionUpdateSchema } from '#contract/schemas/action';
import { listFiltersSchema } from '#contract/schemas/list';
import { messages } from '#contract/messages';
import { businessIdParam } from '#api/lib/openapi';

/** Request and response schemas of the action calls (the OpenAPI document is built from them). */
export const actionIdParam = businessIdParam.extend({
  action_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'action_id', in: 'path' } }),
});

export const actionOut = z
  .object({
    _id: z.string(),
    key: z.string().nullable().openapi({ description: 'The ready-made recipe this action came from, if any' }),
    name: z.string(),
    status: z.string(),
    interval: z.string().openapi({ description: 'As written: "immediately", "2 days", "6 hours"' }),
    interval_minutes: z.number().openapi({ description: 'The interval in minutes; 0 = immediately' }),
    repeat: z.boolean(),
    trigger: z.string(),
    trigger_status: z.string().nullable(),
    kind: z.string(),
    template: z.string().nullable(),
    assignee_id: z.string().nullable(),
    target_status: z.string().nullable(),
    per_customer_limit: z.number(),
    opening_hours_only: z.boolean(),
    stop_on_reply: z.boolean(),
    last_run_at: z.string().nullable(),
    next_run_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .openapi('Action');

/** Generic list filters (sort_by name|created_at|updated_at|status|trigger|last_run_at), plus search, status and trigger. */
export const actionListBody = listFiltersSchema.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: messages.lookup.tooLong })
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(ACTION_STATUSES, { error: `Status must be one of ${ACTION_STATUSES.join(', ')}.` }).optional(),
  trigger: z.enum(ACTION_TRIGGERS, { error: `Trigger must be one of ${ACTION_TRIGGERS.join(', ')}.` }).optional(),
});

/** The API answers these null when unset, so a client may send that back; null or '' clears (the contract's optionalText would read '' as "not sent"). */
const clearable = (max: number) => z.string().trim().max(max).nullish();
const clearables = {
  trigger_status: clearable(100),
  template: clearable(1600),
  assignee_id: clearable(100),
  target_status: clearable(100),
};
export const actionCreateBody = actionSchema.extend(clearables);
export const actionUpdateBody = actionUpdateSchema.extend(clearables);

export const actionData = z.object({ action: actionOut });
export const actionListData = z.object({
  actions: z.array(actionOut),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
