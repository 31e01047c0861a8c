import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { messages } from '#contract/messages';
import { createConversation, envelopeError, requireAssistantCaller } from '#app/lib/assistant.server';
import { v1 } from '#app/lib/v1.server';

/** A push-to-talk recording is a few seconds of 16 kHz PCM (32 KB a second): a minute and a half at most. */
const MAX_RECORDING_BYTES = 3 * 1024 * 1024;

/**
 * Push-to-talk's upload: the recording (WAV, 16 kHz mono PCM) goes on to v1 update-voice as
 * multipart, without waiting for the reply; the answer carries the transcript, and the
 * page then asks for the reply as audio. `new` as the id starts a voice conversation first.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireAssistantCaller(request, context);
  if (Number(request.headers.get('content-length') ?? 0) > MAX_RECORDING_BYTES + 64 * 1024) {
    return Response.json({ errors: ['The recording is too long.'] }, { status: 413 });
  }
  const formData = await request.formData();
  const audio = formData.get('audio');
  if (!(audio instanceof Blob) || audio.size === 0)
    return Response.json({ errors: [messages.voice.audioEmpty], field_errors: {} }, { status: 422 });
  let conversationId = params.id ?? '';
  if (conversationId === 'new') {
    const title = String(formData.get('title') ?? '').trim();
    const created = await createConversation(state, { channel: 'voice', ...(title ? { title } : {}) });
    if (!created.result.ok) return envelopeError(created.result);
    conversationId = created.result.data.conversation.id;
  }
  const upload = new FormData();
  upload.set('audio', audio, 'recording.wav');
  upload.set('wait', 'false');
  const result = await v1(state.caller).conversations.updateVoice(conversationId, upload);
  if (!result.ok) return envelopeError(result);
  return Response.json({
    conversation_id: conversationId,
    transcript: result.data.transcript,
    messages: result.data.messages,
  });
}

export const loader = ({ params }: ActionFunctionArgs) =>
  redirect(`/dashboard/assistant-conversations/${params.id ?? ''}`);
