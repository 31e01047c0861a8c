import { parseWithZod } from '@conform-to/zod/v4';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { conversationMessageSchema } from '#contract/schemas/conversation';
import {
  createConversation,
  envelopeError,
  requireAssistantCaller,
  streamLatestReply,
} from '#app/lib/assistant.server';
import { v1 } from '#app/lib/v1.server';

/**
 * The chat with JavaScript: the message goes to v1 update without waiting, and the reply
 * is streamed back as the assistant produces it (v1 get-message-streamed, piped through).
 * `new` as the id starts a conversation first (the onboarding test); its id comes back in
 * the X-Conversation-Id header. Refusals answer with the v1 envelope, which the browser's
 * stream reader shows.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireAssistantCaller(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: conversationMessageSchema });
  if (submission.status !== 'success') {
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).map(([key, value]) => [key, value ?? []]),
    );
    return Response.json(
      { errors: [...new Set(Object.values(fieldErrors).flat())], field_errors: fieldErrors },
      { status: 422 },
    );
  }
  let conversationId = params.id ?? '';
  if (conversationId === 'new') {
    const title = String(formData.get('title') ?? '').trim();
    const created = await createConversation(state, { channel: 'chat', ...(title ? { title } : {}) });
    if (!created.result.ok) return envelopeError(created.result);
    conversationId = created.result.data.conversation.id;
  }
  const result = await v1(state.caller).conversations.update(conversationId, {
    message: submission.value.message,
    wait: false,
  });
  if (!result.ok) return envelopeError(result);
  return streamLatestReply(state, conversationId, 'text', request.signal, { 'x-conversation-id': conversationId });
}

export const loader = ({ params }: ActionFunctionArgs) =>
  redirect(`/dashboard/assistant-conversations/${params.id ?? ''}`);
