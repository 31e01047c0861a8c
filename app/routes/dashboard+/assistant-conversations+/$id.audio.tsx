import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { requireAssistantCaller, streamLatestReply } from '#app/lib/assistant.server';

/**
 * The latest reply spoken: v1 get-message-streamed with format audio, piped through as a
 * streaming WAV that the browser plays while it arrives (push-to-talk's second half).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireAssistantCaller(request, context);
  return streamLatestReply(state, params.id ?? '', 'audio', request.signal);
}

export const loader = ({ params }: ActionFunctionArgs) =>
  redirect(`/dashboard/assistant-conversations/${params.id ?? ''}`);
