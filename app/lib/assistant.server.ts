import { parseWithZod } from '@conform-to/zod/v4';
import { data } from '@remix-run/node';
import type { ApiBusinessSettings, ApiConversation, ApiConversationMessage } from '#contract/envelope';
import { messages as specMessages } from '#contract/messages';
import { hasPermission } from '#contract/permissions';
import { requiredText } from '#contract/fields';
import { conversationMessageSchema } from '#contract/schemas/conversation';
import { z } from 'zod';
import { v1Calls } from '#contract/v1/index';
import { readApiResult, type ApiFail } from './api.server';
import type { CorrectionReply } from './assistant';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from './guard.server';
import { apiToasts, redirectWithToasts } from './toast.server';
import { loadFailure } from './invariant.server';
import { v1, v1Raw } from './v1.server';

export { loadFailure };

export type ConversationWithMessages = ApiConversation & { messages: ApiConversationMessage[] };

export async function getConversation(state: DashboardState, id: string): Promise<ConversationWithMessages> {
  const result = await v1(state.caller).conversations.get(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.conversations.get(id));
  return { ...result.data.conversation, messages: result.data.messages };
}

/** A conversation that may no longer exist (a stale link): null instead of an error page. */
export async function findConversation(state: DashboardState, id: string): Promise<ConversationWithMessages | null> {
  if (!id) return null;
  const result = await v1(state.caller).conversations.get(id);
  if (!result.ok) {
    if (result.status === 404 || result.status === 422) return null;
    loadFailure(result);
  }
  return { ...result.data.conversation, messages: result.data.messages };
}

/** Questions to try, drawn from the knowledge base (none when they cannot be read). */
export async function listSuggestions(state: DashboardState): Promise<string[]> {
  const result = await v1(state.caller).conversations.suggestions();
  return result.ok ? result.data.suggestions.slice(0, 8) : [];
}

/** The business settings (hours, the assistant's settings, whether voice works here); null when they cannot be read. */
export async function getBusinessSettings(state: DashboardState): Promise<ApiBusinessSettings | null> {
  if (!state.business) return null;
  const result = await v1(state.caller).businessSettings.get();
  return result.ok ? result.data.business_settings : null;
}

/** What the assistant pages need to know about the member and the server. */
export function assistantAbilities(state: DashboardState, settings: ApiBusinessSettings | null) {
  const permissions = state.business?.permissions;
  return {
    links: {
      memories: hasPermission(permissions, 'memories/view'),
      notes: hasPermission(permissions, 'notes/view'),
      customers: hasPermission(permissions, 'customers/view'),
      orders: hasPermission(permissions, 'orders/view'),
    },
    canCorrect: hasPermission(permissions, 'memories/edit'),
    voiceAvailable: Boolean(settings?.voice_available),
  };
}

export async function createConversation(state: DashboardState, body: { channel?: 'chat' | 'voice'; title?: string }) {
  const result = await v1(state.caller).conversations.create(body);
  return { path: v1Calls.conversations.create.path, result };
}

/**
 * A message sent with the form (no JavaScript): v1 update with wait (the reply is complete
 * when it answers), then back to the page, which shows the reply. Without a conversation
 * yet (the onboarding test) one is created first. A refused message comes back in place.
 */
export async function sendMessageAction(
  request: Request,
  state: DashboardState,
  formData: FormData,
  options: { conversationId: string | null; title?: string; back: (conversationId: string) => string },
) {
  const submission = parseWithZod(formData, { schema: conversationMessageSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  let conversationId = options.conversationId;
  if (!conversationId) {
    const created = await createConversation(state, {
      channel: 'chat',
      ...(options.title ? { title: options.title } : {}),
    });
    if (!created.result.ok) return replyWithApiErrors(submission, created.result);
    conversationId = created.result.data.conversation.id;
  }
  const result = await v1(state.caller).conversations.update(conversationId, {
    message: submission.value.message,
    wait: true,
  });
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  return redirectWithToasts(
    request,
    options.back(conversationId),
    apiToasts(v1Calls.conversations.update.path, result),
  );
}

/** "Correct this answer": the question asked (hidden) and the right answer. */
const correctionSchema = z.object({
  question: requiredText('The question is missing.').max(10_000),
  correction: requiredText(specMessages.memory.answerRequired).max(10_000),
});

/**
 * "Correct this answer": the right answer to the question that was asked becomes an
 * answered_question memory (active), which the assistant prefers from the next message on.
 */
export async function correctionAction(request: Request, state: DashboardState, formData: FormData, back: string) {
  requirePermission(state, 'memories/edit');
  const messageId = String(formData.get('message_id') ?? '');
  const submission = parseWithZod(formData, { schema: correctionSchema });
  if (submission.status !== 'success')
    return data<CorrectionReply>({ messageId, result: submission.reply() }, { status: 400 });
  const { question, correction } = submission.value;
  const result = await v1(state.caller).memories.create({
    type: 'answered_question',
    status: 'active',
    title: question.slice(0, 300),
    content: question,
    answer: correction,
  });
  if (!result.ok) {
    const reply = replyWithApiErrors(submission, result);
    return data<CorrectionReply>({ messageId, result: reply.data }, { status: 400 });
  }
  return redirectWithToasts(request, back, apiToasts(v1Calls.memories.create.path, result));
}

/**
 * The resource routes of the chat (reply, voice, audio) are reached from the conversation
 * pages and from the onboarding test, which runs while the wizard is unfinished: they
 * skip the page guard's wizard lock (the v1 API still checks the membership).
 */
export async function requireAssistantCaller(request: Request, context: Parameters<typeof requireDashboard>[1]) {
  const state = await requireDashboard(request, context, { routeChecks: false });
  if (!state.business) throw Response.json({ errors: ['Create your business first.'] }, { status: 404 });
  return state;
}

/** A refusal as the v1 envelope, which the browser's stream reader shows (its first error). */
export function envelopeError(result: ApiFail) {
  return Response.json({ errors: result.errors, field_errors: result.fieldErrors }, { status: result.status || 503 });
}

/**
 * v1 get-message-streamed, passed on to the browser as it arrives. Compression and proxies
 * must not hold chunks back (no-transform; X-Accel-Buffering for nginx). A refusal before
 * the stream starts comes back as the envelope; a failure during it aborts the response.
 */
export async function streamLatestReply(
  state: DashboardState,
  conversationId: string,
  format: 'text' | 'audio',
  signal: AbortSignal,
  extraHeaders: Record<string, string> = {},
) {
  const upstream = await v1Raw(state.caller, { signal }).conversations.streamLatest(conversationId, { format });
  if (!upstream) return Response.json({ errors: [specMessages.network] }, { status: 503 });
  const type = upstream.headers.get('content-type') ?? '';
  if (!upstream.ok || type.includes('application/json')) {
    const result = await readApiResult(upstream);
    if (!result.ok) return envelopeError(result);
    return Response.json({ errors: [specMessages.stream.failed] }, { status: 502 });
  }
  if (!upstream.body) return new Response(null, { status: 204 });
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'content-type': type || (format === 'audio' ? 'audio/wav' : 'text/plain; charset=utf-8'),
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      ...extraHeaders,
    },
  });
}
