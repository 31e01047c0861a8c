import { RECORDING_NOTICE } from '#contract/schemas/business-settings';
import { addDays, describeDate, formatTime, localDateParts, openNow } from '#api/services/assistant/hours';
import { CALL_TEXTS, VOICEMAIL_MAX_SECONDS, type CallState, type Context } from './call-context';
import { gather, hangup, record, redirect, say, twimlResponse, type TwimlNode } from './twiml';

/** What the line says on an inbound call (greeting, closed, voicemail) and the TwiML that says it and listens. */

/** The business's own words are left whole, so the notice (when on) comes before them. */
const withNotice = (context: Context, text: string) =>
  context.settings.assistant.recording_notice ? `${RECORDING_NOTICE} ${text}` : text;

export function greetingFor(context: Context): string {
  const assistant = context.settings.assistant;
  if (assistant.greeting.trim()) return withNotice(context, assistant.greeting.trim());
  const who = assistant.name.trim()
    ? ` I'm ${assistant.name.trim()}, the virtual assistant.`
    : " I'm the virtual assistant.";
  const notice = assistant.recording_notice ? ` ${RECORDING_NOTICE}` : '';
  return `Hello, thanks for calling ${context.business.name}.${notice}${who} How can I help?`;
}

export function closedMessage(context: Context, now: Date): string {
  const open = openNow(context.settings, now);
  let when = '';
  if (open.next_open) {
    const today = localDateParts(now, context.settings.timezone).date;
    const day =
      open.next_open.date === today
        ? 'today'
        : open.next_open.date === addDays(today, 1)
          ? 'tomorrow'
          : `on ${describeDate(open.next_open.date, today)}`;
    when = ` We open again ${day} at ${formatTime(open.next_open.start)}.`;
  }
  return withNotice(
    context,
    `Thanks for calling ${context.business.name}. We're closed at the moment.${when} Please leave a message after the tone and we'll get back to you.`,
  );
}

export const voicemailVerbs = (context: Context): TwimlNode[] => [
  record({
    action: context.urls.recording,
    maxLength: VOICEMAIL_MAX_SECONDS,
    timeout: 5,
    transcribe: true,
    transcribeCallback: context.urls.recording,
  }),
  say(CALL_TEXTS.voicemailAfter, { voice: context.voice.voice }),
  hangup(),
];

/** Say this, then listen: what the caller says next goes to the gather webhook. */
export function listen(context: Context, text: string): string {
  return twimlResponse(
    gather(
      { action: context.urls.gather, language: context.voice.language, hints: context.business.name.slice(0, 100) },
      say(text, { voice: context.voice.voice }),
    ),
    // Nothing said: Twilio falls through to here, and the gather webhook hears the silence.
    redirect(context.urls.gather),
  );
}

/** The TwiML that starts a call in its mode (also what a retried voice webhook gets again). */
export function startTwiml(context: Context, state: CallState): string {
  const greeting = state.greeting ?? CALL_TEXTS.apology;
  if (state.mode === 'voicemail')
    return twimlResponse(say(greeting, { voice: context.voice.voice }), ...voicemailVerbs(context));
  return listen(context, greeting);
}

export const failedTwiml = () => twimlResponse(say(CALL_TEXTS.apology), hangup());
