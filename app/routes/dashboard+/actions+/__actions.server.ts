import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type AppLoadContext } from '@remix-run/node';
import { hasPermission } from '#contract/permissions';
import { actionSchema, actionUpdateSchema, type ActionKind } from '#contract/schemas/action';
import type { ApiAction } from '#contract/v1/actions';
import { v1Calls } from '#contract/v1';
import {
  RUNS_PAGE_SIZE,
  type ActionFormReply,
  type ActionPreview,
  type AssigneeOption,
} from '#app/routes/dashboard+/actions+/__action-types';
import { v1 } from '#app/lib/v1.server';
import { loadFailure } from '#app/lib/customers.server';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from '#app/lib/guard.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';

export function canEditActions(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'actions/edit');
}

export async function getAction(state: DashboardState, id: string): Promise<ApiAction> {
  const result = await v1(state.caller).actions.get(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.actions.get(id));
  return result.data.action;
}

/** An action's history, newest first. A refusal here leaves the editor usable: the page says it could not be read. */
export async function listRuns(state: DashboardState, id: string, page: number) {
  const result = await v1(state.caller).actions.runs(id, { page, limit: RUNS_PAGE_SIZE });
  if (!result.ok)
    return {
      runs: [],
      total: 0,
      page,
      error: result.errors[0] ?? 'The run history could not be read.',
    };
  return { runs: result.data.runs, total: result.data.total, page, error: null };
}

/**
 * Members a create-task action can be for. Only listed to those who may see the team; the
 * others get "Unassigned" plus the action's current assignee, so saving keeps it.
 */
export async function assigneeOptions(state: DashboardState): Promise<AssigneeOption[]> {
  if (!state.business || !hasPermission(state.business.permissions, 'business_users/view')) return [];
  const result = await v1(state.caller).members.list();
  if (!result.ok) return [];
  return result.data.users
    .filter((member) => !member.removed_at)
    .map((member) => ({ id: member.user.id, name: member.user.name || member.user.email }));
}

/**
 * The preview call: the template rendered for a sample customer (the given one, else the
 * newest contact, else a made-up one). An empty template of a saved action previews what
 * it sends (a ready-made action: its system's template).
 */
export async function previewAction(
  state: DashboardState,
  input: { template: string; kind?: string | null; customerId?: string | null; actionId?: string | null },
): Promise<ActionPreview> {
  const template = input.template.trim();
  if (!template && !input.actionId) return { text: null, customer: null, error: null };
  const body = {
    template: template || null,
    // The API checks the kind (the form's select sends one of ACTION_KINDS).
    ...(input.kind ? { kind: input.kind as ActionKind } : {}),
    ...(input.customerId ? { customer_id: input.customerId } : {}),
    ...(input.actionId ? { action_id: input.actionId } : {}),
  };
  const result = await v1(state.caller).actions.preview(body);
  if (!result.ok)
    return {
      text: null,
      customer: null,
      error: Object.values(result.fieldErrors).flat()[0] ?? result.errors[0] ?? 'The preview could not be made.',
    };
  return { text: result.data.preview.text || null, customer: result.data.preview.customer, error: null };
}

/** The editor's forms need actions/edit to be sent at all (the pages show read-only without it). */
export async function requireActionEditor(request: Request, context: AppLoadContext) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'actions/edit');
  return state;
}

/**
 * The editor's save and preview (create and edit). Preview re-renders the form as typed
 * with the message for a sample customer (the path without JavaScript; with it the
 * preview updates live through the preview resource route). A save sends every field,
 * so an unticked box or an emptied template is stored as such, then redirects with the
 * API's toast; a refusal comes back in place on the form.
 */
export async function actionFormAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  target: { id?: string },
) {
  const state = await requireActionEditor(request, context);

  if (formData.get('intent') === 'preview') {
    // Whatever is filled in so far; a half-written action is not an error while previewing.
    const submission = parseWithZod(formData, { schema: actionUpdateSchema });
    const preview = await previewAction(state, {
      template: String(formData.get('template') ?? ''),
      kind: String(formData.get('kind') ?? ''),
      actionId: target.id,
    });
    const result = { ...submission.reply(), status: undefined, error: {} } as SubmissionResult<string[]>;
    return data<ActionFormReply>({ result, preview }, { status: 200 });
  }

  const submission = parseWithZod(formData, { schema: actionSchema });
  if (submission.status !== 'success') return data<ActionFormReply>({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const payload = {
    ...value,
    interval: value.interval.text,
    repeat: value.repeat ?? false,
    opening_hours_only: value.opening_hours_only ?? false,
    stop_on_reply: value.stop_on_reply ?? false,
    template: value.template ?? null,
    trigger_status: value.trigger === 'customer_status' ? (value.trigger_status ?? null) : null,
    assignee_id: value.kind === 'create_task' ? (value.assignee_id ?? null) : null,
    target_status: value.kind === 'set_customer_status' ? (value.target_status ?? null) : null,
  };
  const actions = v1(state.caller).actions;
  const result = target.id ? await actions.update(target.id, payload) : await actions.create(payload);
  const path = (target.id ? v1Calls.actions.update : v1Calls.actions.create).path;
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    const reply = replyWithApiErrors(submission, result);
    return data<ActionFormReply>({ result: reply.data }, { status: reply.init?.status ?? 400 });
  }
  return redirectWithToasts(request, `/dashboard/actions/${result.data.action._id}`, apiToasts(path, result));
}

/** Pause or enable one action (the list's per-row button): only the status is sent. */
export async function setActionStatus(
  request: Request,
  state: DashboardState,
  id: string,
  status: 'active' | 'paused',
  back: string,
) {
  const result = await v1(state.caller).actions.update(id, { status });
  return redirectWithToasts(request, back, apiToasts(v1Calls.actions.update.path, result));
}
