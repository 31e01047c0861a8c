import { parseWithZod } from '@conform-to/zod/v4';
import { data, type AppLoadContext } from '@remix-run/node';
import type { ApiMemory } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { memorySchema } from '#contract/schemas/memory';
import { v1Calls } from '#contract/v1/index';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from './guard.server';
import { z } from 'zod';
import { requiredText } from '#contract/fields';
import { messages } from '#contract/messages';
import type { QuestionReply } from './memories';
import { safeRedirect } from './safe-redirect';
import { apiToasts, redirectWithToasts } from './toast.server';
import { loadFailure } from './invariant.server';
import { v1 } from './v1.server';

/** Answering a question: the answer is the only field (the question is the memory's content). Same message as v1 `answer`. */
const answerSchema = z.object({ answer: requiredText(messages.memory.answerRequired).max(10_000) });

export function canEditMemories(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'memories/edit');
}

export { loadFailure };

export async function getMemory(state: DashboardState, id: string): Promise<ApiMemory> {
  const result = await v1(state.caller).memories.get(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.memories.get(id));
  return result.data.memory;
}

/** The business's open questions (type question): the to-do list. */
export async function listOpenQuestions(state: DashboardState): Promise<ApiMemory[]> {
  const result = await v1(state.caller).memories.questions({ limit: 500 });
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
  const memories = v1(state.caller).memories;
  const result = target.id ? await memories.update(target.id, payload) : await memories.create(payload);
  const path = target.id ? v1Calls.memories.update.path : v1Calls.memories.create.path;
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  const fallback = `/dashboard/memories/${result.data.memory._id}`;
  const to = target.id ? safeRedirect(formData.get('back'), fallback) : fallback;
  return redirectWithToasts(request, to, apiToasts(path, result));
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
    const ignored = await v1(state.caller).memories.ignore(id);
    return redirectWithToasts(request, back, apiToasts(v1Calls.memories.ignore.path, ignored));
  }
  const submission = parseWithZod(formData, { schema: answerSchema });
  if (submission.status !== 'success')
    return data<QuestionReply>({ questionId: id, result: submission.reply() }, { status: 400 });
  const path = v1Calls.memories.answer.path;
  // "Send the answer to the customer" (shown only for a question linked to a contact).
  const sendToCustomer = formData.get('send_to_customer') === 'on';
  const result = await v1(state.caller).memories.answer(id, {
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
