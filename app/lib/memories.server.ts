import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { ApiMemory } from '#contract/envelope';
import { messages as specMessages } from '#contract/messages';
import { hasPermission } from '#contract/permissions';
import { memorySchema } from '#contract/schemas/memory';
import { apiCall, clientHeaders, type ApiCaller, type ApiResult } from './api.server';
import { getEnv } from './env.server';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from './guard.server';
import { answerSchema, type QuestionReply } from './memories';
import { safeRedirect } from './safe-redirect';
import { apiToasts, redirectWithToasts } from './toast.server';
import { loadFailure } from './invariant.server';

export function memoriesPath(state: DashboardState): string {
  if (!state.business) throw redirect('/dashboard/onboard/mobile-submit');
  return `businesses/memories/${state.business._id}`;
}

export function canEditMemories(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'memories/edit');
}

export { loadFailure };

export async function getMemory(state: DashboardState, id: string): Promise<ApiMemory> {
  const result = await apiCall<{ memory: ApiMemory }>(
    state.caller,
    `${memoriesPath(state)}/get/${encodeURIComponent(id)}`,
  );
  if (!result.ok)
    return entityLoadFailure(state, result, (other) => `businesses/memories/${other}/get/${encodeURIComponent(id)}`);
  return result.data.memory;
}

/** The business's open questions (type question): the to-do list. */
export async function listOpenQuestions(state: DashboardState): Promise<ApiMemory[]> {
  const result = await apiCall<{ questions: ApiMemory[] }>(
    state.caller,
    `businesses/memories/questions/${state.business?._id}/list`,
    { limit: 500 },
  );
  if (!result.ok) loadFailure(result);
  // Oldest first: the catalogue proposes the most-asked questions first.
  return [...result.data.questions].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id),
  );
}

export async function requireMemoryEditor(request: Request, context: AppLoadContext) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'memories/edit');
  return state;
}

/** The create and edit action of the full pages and their dialogs. */
export async function memoryFormAction(request: Request, context: AppLoadContext, target: { id?: string }) {
  const state = await requireMemoryEditor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: memorySchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  // Send every field, so an emptied title, answer or source clears what was stored.
  const value = submission.value;
  const payload = {
    ...value,
    title: value.title ?? '',
    answer: value.answer ?? '',
    source_url: value.source_url ?? '',
  };
  const path = target.id
    ? `${memoriesPath(state)}/update/${encodeURIComponent(target.id)}`
    : `${memoriesPath(state)}/create`;
  const result = await apiCall<{ memory: ApiMemory }>(state.caller, path, payload);
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  const fallback = `/dashboard/memories/${result.data.memory._id}`;
  const to = target.id ? safeRedirect(formData.get('back'), fallback) : fallback;
  return redirectWithToasts(request, to, apiToasts(path, result));
}

/**
 * The upload goes on to v1 `upload` as multipart, as the browser sent it (apiCall speaks
 * JSON only). In process without API_URL, over HTTP with it.
 */
export async function uploadMemoryFile(
  caller: ApiCaller,
  path: string,
  form: FormData,
): Promise<ApiResult<{ memory: ApiMemory }>> {
  const base = getEnv().API_URL;
  const url = base ? `${base.replace(/\/$/, '')}/${path}` : `http://embedded/api/v1/${path}`;
  const request = new Request(url, { method: 'POST', headers: clientHeaders(caller), body: form });
  let response: Response;
  try {
    response = base ? await fetch(request) : await caller.context.apiFetch(request);
  } catch {
    return { ok: false, status: 0, errors: [specMessages.network], fieldErrors: {}, network: true };
  }
  const payload = (await response.json().catch(() => ({}))) as {
    data?: { memory: ApiMemory };
    messages?: string[];
    errors?: string[];
    field_errors?: Record<string, string[]>;
  };
  if (response.ok && payload.data)
    return { ok: true, status: response.status, data: payload.data, messages: payload.messages ?? [] };
  return {
    ok: false,
    status: response.status,
    errors: payload.errors ?? ['The upload failed. Please try again.'],
    fieldErrors: payload.field_errors ?? {},
    network: false,
  };
}

/**
 * Answer (→ answered_question) or ignore (→ ignored_question) one question in one step:
 * the to-do list on the memories page and the onboarding step post here with intent
 * answer|ignore, question_id and (to answer) the answer. Back to `back` with the toasts;
 * an empty answer comes back in place, next to its question.
 */
export async function questionAction(request: Request, state: DashboardState, formData: FormData, back: string) {
  requirePermission(state, 'memories/edit');
  const intent = formData.get('intent');
  const id = String(formData.get('question_id') ?? '');
  if (intent === 'ignore') {
    const path = `${memoriesPath(state)}/ignore/${encodeURIComponent(id)}`;
    return redirectWithToasts(request, back, apiToasts(path, await apiCall(state.caller, path)));
  }
  const submission = parseWithZod(formData, { schema: answerSchema });
  if (submission.status !== 'success')
    return data<QuestionReply>({ questionId: id, result: submission.reply() }, { status: 400 });
  const path = `${memoriesPath(state)}/answer/${encodeURIComponent(id)}`;
  // "Send the answer to the customer" (shown only for a question linked to a contact).
  const sendToCustomer = formData.get('send_to_customer') === 'on';
  const result = await apiCall(state.caller, path, {
    answer: submission.value.answer,
    ...(sendToCustomer ? { send_to_customer: true } : {}),
  });
  if (!result.ok) {
    if (result.status === 404) return redirectWithToasts(request, back, apiToasts(path, result));
    const reply = replyWithApiErrors(submission, result);
    return data<QuestionReply>({ questionId: id, result: reply.data }, { status: 400 });
  }
  return redirectWithToasts(request, back, apiToasts(path, result));
}
