import { z } from 'zod';
import {
  ACTION_KINDS,
  ACTION_RUN_STATUSES,
  ACTION_STATUSES,
  ACTION_TRIGGERS,
  READY_MADE_ACTION_KEYS,
  actionSchema,
  actionUpdateSchema,
} from '../schemas/action';
import { listFiltersSchema, listSearchSchema, statusFilterSchema } from '../schemas/list';
import { businessParams, defineCall, idParams } from './define';

/** Actions (the generic entity pattern of docs/product.md#v1-calls), their run history and the template preview. */
const tags = ['Actions'];
const actionParams = idParams('action_id');
const customerRef = z.object({ _id: z.string(), name: z.string() }).nullable();

export const actionOut = z
  .object({
    _id: z.string(),
    key: z
      .enum(READY_MADE_ACTION_KEYS)
      .nullable()
      .meta({ description: 'The ready-made recipe this action came from, if any' }),
    name: z.string(),
    status: z.enum(ACTION_STATUSES),
    interval: z.string().meta({ description: 'As written: "immediately", "2 days", "6 hours"' }),
    interval_minutes: z.number().meta({ description: 'The interval in minutes; 0 = immediately' }),
    repeat: z.boolean(),
    trigger: z.enum(ACTION_TRIGGERS),
    trigger_status: z.string().nullable(),
    kind: z.enum(ACTION_KINDS),
    template: z.string().nullable(),
    assignee_id: z.string().nullable(),
    target_status: z.string().nullable(),
    per_customer_limit: z.number(),
    opening_hours_only: z.boolean(),
    stop_on_reply: z.boolean(),
    last_run_at: z.string().nullable(),
    next_run_at: z.string().nullable().meta({ description: "The earliest pending run's due time, if any" }),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'Action' });

export const actionRunOut = z
  .object({
    _id: z.string(),
    action_id: z.string(),
    customer: customerRef,
    subject_type: z.string().meta({ description: 'call, form, order, task or customer' }),
    subject_id: z.string(),
    occurrence: z.number(),
    triggered_at: z.string(),
    due_at: z.string(),
    status: z.enum(ACTION_RUN_STATUSES),
    outcome: z.string().nullable().meta({ description: 'What was sent or done and to whom, or why not' }),
    details: z.record(z.string(), z.unknown()),
    item_id: z.string().nullable().meta({ description: 'The timeline item the run made (SMS, note, task)' }),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ActionRun' });

/** Generic list filters (sort_by name|created_at|updated_at|status|trigger|last_run_at), plus search, status and trigger. */
export const actionListBody = listFiltersSchema.extend({
  search: listSearchSchema,
  status: statusFilterSchema(ACTION_STATUSES),
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

export const actionRunsBody = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const actionPreviewBody = z.object({
  template: z.string().max(1600, { error: 'Template must be less than 1600 characters.' }).nullish(),
  kind: z.enum(ACTION_KINDS, { error: `What the action does must be one of ${ACTION_KINDS.join(', ')}.` }).optional(),
  customer_id: z.string().max(100).nullish(),
  action_id: z.string().max(100).nullish().meta({
    description: 'With an empty template: preview what this action sends (a ready-made action: its system template)',
  }),
});

const actionData = z.object({ action: actionOut });
const page = { total: z.number(), page: z.number(), limit: z.number() };

export const actions = {
  list: defineCall({
    path: 'businesses/actions/{business_id}/list',
    params: businessParams,
    body: actionListBody,
    bodyRequired: false,
    response: z.object({ actions: z.array(actionOut), ...page }),
    permission: 'actions/view',
    summary:
      'List actions (installs the ready-made ones on first use): paged, newest first by default, sortable by name|created_at|updated_at|status|trigger|last_run_at, searchable, filterable by status, trigger and created_at',
    tags,
  }),
  get: defineCall({
    path: 'businesses/actions/{business_id}/get/{action_id}',
    params: actionParams,
    response: actionData,
    permission: 'actions/view',
    summary: 'One action',
    tags,
  }),
  create: defineCall({
    path: 'businesses/actions/{business_id}/create',
    params: businessParams,
    body: actionCreateBody,
    response: actionData,
    permission: 'actions/edit',
    summary: 'Create an action (trigger, kind and limits default when left out)',
    tags,
  }),
  update: defineCall({
    path: 'businesses/actions/{business_id}/update/{action_id}',
    params: actionParams,
    body: actionUpdateBody,
    response: actionData,
    permission: 'actions/edit',
    summary: 'Update an action (only the fields sent); pausing stops future runs at once',
    tags,
  }),
  delete: defineCall({
    path: 'businesses/actions/{business_id}/delete/{action_id}',
    params: actionParams,
    response: actionData,
    permission: 'actions/edit',
    summary: 'Delete an action (soft; it stops running; restore brings it back)',
    tags,
  }),
  restore: defineCall({
    path: 'businesses/actions/{business_id}/restore/{action_id}',
    params: actionParams,
    response: actionData,
    permission: 'actions/edit',
    summary: 'Restore a deleted action',
    tags,
  }),
  runs: defineCall({
    path: 'businesses/actions/{business_id}/runs/{action_id}',
    params: actionParams,
    body: actionRunsBody,
    bodyRequired: false,
    response: z.object({ runs: z.array(actionRunOut), ...page }),
    permission: 'actions/view',
    summary:
      "An action's run history, newest first, paged (page from 0, limit): when, for whom, what was sent or done, the outcome",
    tags,
  }),
  preview: defineCall({
    path: 'businesses/actions/{business_id}/preview',
    params: businessParams,
    body: actionPreviewBody,
    response: z.object({ preview: z.object({ text: z.string(), customer: customerRef }) }),
    permission: 'actions/view',
    summary:
      'Preview a template for a sample customer (the one given, else the most recent contact, else "Alex Sample")',
    tags,
  }),
};

/** An action as the v1 API answers it. */
export type ApiAction = z.output<typeof actionOut>;
/** One run in an action's history: what was sent or done, to whom, and the outcome. */
export type ApiActionRun = z.output<typeof actionRunOut>;
