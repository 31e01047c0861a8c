import type { ConversationAction } from '#contract/schemas/conversation';
import type { ApiDeps } from '#api/deps';
import { callerAsked } from './caller-asked';

/**
 * A call's transcript and summary, shown on the call view and in the notification. The
 * built-in summary is extractive (what the caller wanted, in their words, and what was
 * promised: tasks, questions passed on, a transfer, a voicemail); with the openai-compatible
 * provider the model writes it, and any failure falls back to the extractive one.
 */
export type CallTurn = { role: 'user' | 'assistant'; content: string; actions?: ConversationAction[] };

export type CallRecord = {
  /** What the assistant said first (not a conversation message). */
  greeting?: string | null;
  turns: CallTurn[];
  status: 'completed' | 'missed_call' | 'voicemail' | 'abandoned';
  callerName?: string | null;
  callerNumber?: string | null;
  transferredTo?: string | null;
  voicemail?: string | null;
};

export const SUMMARY_MAX = 600;
const QUOTE_MAX = 160;

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** "Assistant: …\nCaller: …", then the voicemail. */
export function callTranscript(call: CallRecord): string {
  const lines: string[] = [];
  if (call.greeting?.trim()) lines.push(`Assistant: ${call.greeting.trim()}`);
  for (const turn of call.turns) {
    const text = turn.content.replace(/\s+/g, ' ').trim();
    if (text) lines.push(`${turn.role === 'user' ? 'Caller' : 'Assistant'}: ${text}`);
  }
  if (call.transferredTo) lines.push(`(Put through to ${call.transferredTo})`);
  if (call.voicemail?.trim()) lines.push(`Voicemail: ${call.voicemail.replace(/\s+/g, ' ').trim()}`);
  return lines.join('\n');
}

const PROMISE =
  /\b(i'll|i will|we'll|we will|someone will|somebody will|the team will|a member of the team will|they'll|they will|will (call|ring|phone|get back|be in touch|contact|text|email|let you know))\b/i;

const sentences = (text: string) =>
  text
    .match(/[^.!?]+[.!?]*/g)
    ?.map((part) => part.trim())
    .filter(Boolean) ?? [];

/** The built-in summary: no network, only what was said and done. */
export function extractiveSummary(call: CallRecord): string {
  const who = call.callerName?.trim() || call.callerNumber || 'The caller';
  const parts: string[] = [];
  const asked = callerAsked(call.turns).map((text) => clip(text, QUOTE_MAX));

  if (asked.length) {
    parts.push(`${who} asked: “${asked[0]}”`);
    if (asked.length > 1)
      parts.push(
        `They also asked: ${asked
          .slice(1, 3)
          .map((text) => `“${text}”`)
          .join(', ')}${asked.length > 3 ? ' and more' : ''}.`,
      );
  } else if (call.status === 'missed_call') {
    parts.push(`Missed call from ${who}; no message was left.`);
  } else if (call.status === 'abandoned') {
    parts.push(`${who} hung up after the greeting without saying anything.`);
  } else if (!call.voicemail?.trim()) {
    parts.push(`${who} called but did not ask anything.`);
  }
  if (call.voicemail?.trim()) parts.push(`Voicemail: “${clip(call.voicemail, QUOTE_MAX * 2)}”`);
  else if (call.status === 'voicemail') parts.push(`${who} left a voicemail.`);

  const promised: string[] = [];
  for (const turn of call.turns) {
    for (const action of turn.actions ?? []) {
      if (action.type === 'task_created') promised.push(`a task for the team (${clip(action.summary, 80)})`);
      if (action.type === 'question_recorded') promised.push('their question was passed to the team');
      if (action.type === 'appointment_booked')
        promised.push(`an appointment (${clip(action.summary.replace(/^Appointment booked: /, ''), 80)})`);
      if (action.type === 'order_created')
        promised.push(`an order to confirm (${clip(action.summary.replace(/^Order taken: /, ''), 80)})`);
    }
  }
  const said = call.turns
    .filter((turn) => turn.role === 'assistant')
    .flatMap((turn) => sentences(turn.content))
    .filter((sentence) => PROMISE.test(sentence))
    .map((sentence) => clip(sentence, QUOTE_MAX));
  if (promised.length) parts.push(`Promised: ${[...new Set(promised)].join('; ')}.`);
  if (said.length) parts.push(`The assistant said: “${[...new Set(said)].slice(0, 2).join(' ')}”`);
  if (call.transferredTo) parts.push(`Put through to ${call.transferredTo}.`);
  return clip(parts.join(' '), SUMMARY_MAX);
}

export const SUMMARY_TIMEOUT_MS = 15_000;

/** The model's summary (openai-compatible provider), or null when it cannot be had. */
async function modelSummary(
  deps: Pick<ApiDeps, 'assistantModel' | 'log'>,
  call: CallRecord,
  businessName: string,
): Promise<string | null> {
  const model = deps.assistantModel;
  if (!model) return null;
  const transcript = callTranscript(call);
  if (!transcript) return null;
  try {
    const response = await fetch(`${model.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(model.apiKey ? { authorization: `Bearer ${model.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: model.model,
        stream: false,
        temperature: 0.2,
        messages: [
          {
            role: 'system',
            content: `You summarise phone calls to ${businessName} for its owner. In at most three short sentences say what the caller wanted and what was promised to them (call backs, tasks, answers to come). Plain text, no lists, no invented details.`,
          },
          {
            role: 'user',
            content: `Call status: ${call.status}\nCaller: ${call.callerName || call.callerNumber || 'unknown'}\n\n${transcript}`,
          },
        ],
      }),
      signal: AbortSignal.timeout(SUMMARY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the model answered ${response.status}`);
    const json = (await response.json()) as { choices?: { message?: { content?: string | null } }[] };
    const text = json.choices?.[0]?.message?.content?.trim();
    if (!text) throw new Error('the model answered without text');
    return clip(text, SUMMARY_MAX);
  } catch (error) {
    deps.log?.({
      level: 'warn',
      msg: 'call summary by the model failed; using the built-in one',
      error: String(error),
    });
    return null;
  }
}

/** The summary of a finished call: the model's when the business chose it and the server has one, else extractive. */
export async function summarizeCall(
  deps: Pick<ApiDeps, 'assistantModel' | 'log'>,
  call: CallRecord,
  options: { provider: string; businessName: string },
): Promise<{ summary: string; by: 'model' | 'built-in' }> {
  if (
    options.provider === 'openai-compatible' &&
    deps.assistantModel &&
    call.turns.some((turn) => turn.role === 'user')
  ) {
    const summary = await modelSummary(deps, call, options.businessName);
    if (summary) return { summary, by: 'model' };
  }
  return { summary: extractiveSummary(call), by: 'built-in' };
}
