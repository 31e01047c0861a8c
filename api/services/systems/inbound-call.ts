import { and, eq, sql } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import { RECORDING_NOTICE, type BusinessSettings } from '#contract/schemas/business-settings';
import { conversationMessages, conversations, systems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { createConversation, findConversation, publishConversation } from '../assistant/conversations';
import { addDays, describeDate, formatTime, localDateParts, openNow } from '../assistant/hours';
import { postMessage, storeUserMessage } from '../assistant/turns';
import { createCall, updateCall } from '../timeline';
import {
  BadWebhook,
  CALL_TEXTS,
  callerLabel,
  digits,
  errorText,
  fail,
  findCallBySid,
  findOrCreateCaller,
  isPhone,
  loadContext,
  param,
  SILENCE_LIMIT,
  stateOf,
  TEST_CALL_WINDOW_MS,
  TURN_LIMIT,
  VOICEMAIL_MAX_SECONDS,
  type CallState,
  type Context,
  type InboundDeps,
  type TwilioParams,
} from './call-context';
import { isUniqueViolation } from '#api/lib/db-errors';
import { callSpeechNeedsSecondHearing, HEARD_BY_EMBEDDED, heardClearly, SAY_AGAIN } from '../speech/confidence';
import { saysGoodbye, spoken, wantsPerson } from './call-intents';
import { recordCallLine, recordSaidReply } from './call-lines';
import { statusFor, type SetupMarks } from './setup';
import { publishSystem, recordSystemEvent, type SystemRow } from './store';
import { phoneSettings } from './text-back';
import { dial, gather, hangup, record, redirect, say, twimlResponse, type TwimlNode } from './twiml';

/**
 * Inbound calls, provider independent: Twilio's webhooks (api/resources/webhooks) and the
 * sandbox simulator (api/resources/systems/simulate.ts) both call these with Twilio-shaped
 * parameters and answer the TwiML they return. A call is a timeline item found by its
 * CallSid (timeline_items.external_id, unique per business), so a retried webhook never
 * makes a second one. The assistant answers in a speech-gather loop through a 'call'
 * conversation; a caller asking for a person is put through, an unanswered transfer or a
 * closed business ends in a voicemail, and the final status callback writes the status,
 * transcript and summary, notifies the team and texts a missed caller back.
 *
 * How the call ends (recording and status callbacks) is call-outcome.ts; what the handlers
 * share is call-context.ts; what the caller's words mean is call-intents.ts.
 *
 * No handler throws: bad input or a failure answers safe TwiML and records a 'failed' event.
 */

/** The business's own words are left whole, so the notice (when on) comes before them. */
const withNotice = (context: Context, text: string) =>
  context.settings.assistant.recording_notice ? `${RECORDING_NOTICE} ${text}` : text;

function greetingFor(context: Context): string {
  const assistant = context.settings.assistant;
  if (assistant.greeting.trim()) return withNotice(context, assistant.greeting.trim());
  const who = assistant.name.trim()
    ? ` I'm ${assistant.name.trim()}, the virtual assistant.`
    : " I'm the virtual assistant.";
  const notice = assistant.recording_notice ? ` ${RECORDING_NOTICE}` : '';
  return `Hello, thanks for calling ${context.business.name}.${notice}${who} How can I help?`;
}

function closedMessage(context: Context, now: Date): string {
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

const voicemailVerbs = (context: Context): TwimlNode[] => [
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
function listen(context: Context, text: string): string {
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
function startTwiml(context: Context, state: CallState): string {
  const greeting = state.greeting ?? CALL_TEXTS.apology;
  if (state.mode === 'voicemail')
    return twimlResponse(say(greeting, { voice: context.voice.voice }), ...voicemailVerbs(context));
  return listen(context, greeting);
}

const failedTwiml = () => twimlResponse(say(CALL_TEXTS.apology), hangup());

/**
 * The mobile forwarding test (setup step "verify"): a call forwarded from the owner's mobile
 * within 10 minutes of the test being placed marks the step done. Answers 'test' for the test
 * call itself (it comes from the system's own number), 'verified' when a real caller's
 * forwarded call proved it, null otherwise.
 */
async function checkForwardingTest(
  deps: InboundDeps,
  system: SystemRow,
  params: TwilioParams,
): Promise<'test' | 'verified' | null> {
  if (system.name !== 'mobile') return null;
  const forwardedFrom = param(params, 'ForwardedFrom');
  const mobile = phoneSettings(system).mobile_number;
  if (!forwardedFrom || !mobile || digits(forwardedFrom) !== digits(mobile)) return null;
  const marks = system.setup as SetupMarks & { test_call_sid?: string };
  const started = marks.test_call_started_at ? Date.parse(marks.test_call_started_at) : NaN;
  const now = deps.clock.now();
  if (!Number.isFinite(started) || now.getTime() - started > TEST_CALL_WINDOW_MS || started - now.getTime() > 60_000)
    return null;
  const isTest = Boolean(system.phoneNumber) && digits(param(params, 'From')) === digits(system.phoneNumber ?? '');
  const marksAdded = {
    verified_at: marks.verified_at ?? now.toISOString(),
    ...(isTest ? { test_call_sid: param(params, 'CallSid') } : {}),
  };
  const [updated] = await deps.db
    .update(systems)
    .set({ setup: sql`${systems.setup} || ${JSON.stringify(marksAdded)}::jsonb`, updatedAt: now })
    .where(eq(systems.id, system.id))
    .returning();
  if (updated) {
    const status = statusFor(deps, updated);
    const [final] =
      status === updated.status
        ? [updated]
        : await deps.db.update(systems).set({ status }).where(eq(systems.id, system.id)).returning();
    await publishSystem(deps, 'Updated', final);
  }
  return isTest ? 'test' : 'verified';
}

/** Setup step "try it" of a telephony system: its first call. */
async function markFirstCall(deps: InboundDeps, system: SystemRow): Promise<void> {
  if (system.name !== 'telephony' || (system.setup as SetupMarks).first_call_at) return;
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(systems)
    .set({
      setup: sql`${systems.setup} || ${JSON.stringify({ first_call_at: now.toISOString() })}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(systems.id, system.id), sql`${systems.setup}->>'first_call_at' is null`))
    .returning();
  if (updated) await publishSystem(deps, 'Updated', updated);
}

/**
 * record_calls: the provider records the whole call (both sides) and posts the recording to
 * the recording webhook with kind=call. A failure never breaks the call: it goes on unrecorded.
 * Twilio may refuse while the call is still ringing (the voice webhook), so a first failure
 * is noted on voice.incoming and the first gather tries once more; that last attempt is a
 * call.recording_started event, ok or failed.
 */
async function startCallRecording(
  deps: InboundDeps,
  context: Context,
  callSid: string,
): Promise<{ started: true } | { started: false; error: string }> {
  try {
    await deps.telephony.startRecording(callSid, `${context.urls.recording}?kind=call`);
    return { started: true };
  } catch (error) {
    return { started: false, error: errorText(error) };
  }
}

async function retryCallRecording(
  deps: InboundDeps,
  system: SystemRow,
  context: Context,
  callSid: string,
  callId: string,
): Promise<void> {
  const result = await startCallRecording(deps, context, callSid);
  if (!result.started)
    deps.log?.({
      level: 'warn',
      msg: 'call recording not started',
      system_id: system.id,
      call_id: callId,
      error: result.error,
    });
  await recordSystemEvent(deps, system, {
    kind: 'action',
    name: 'call.recording_started',
    outcome: result.started ? 'ok' : 'failed',
    error: result.started ? null : result.error,
    details: { call_sid: callSid, call_id: callId, retry: true },
  });
  await updateCall(deps, system.businessId, callId, { details: { recording_pending: false } });
}

/** A call starts (voice webhook): find or create its item, the caller's contact and the conversation; greet, or take a voicemail when closed. */
export async function handleVoice(deps: InboundDeps, system: SystemRow, params: TwilioParams): Promise<string> {
  const name = 'voice.incoming';
  const callSid = param(params, 'CallSid');
  const from = param(params, 'From');
  try {
    if (!callSid) throw new BadWebhook('CallSid is missing');
    const context = await loadContext(deps, system);

    const existing = await findCallBySid(deps, system.businessId, callSid);
    if (existing) {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'duplicate',
        details: { call_sid: callSid, call_id: existing.id },
      });
      return startTwiml(context, stateOf(existing));
    }

    const forwarding = await checkForwardingTest(deps, system, params);
    if (forwarding === 'test') {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'ok',
        details: { call_sid: callSid, test_call: true, forwarded_from: param(params, 'ForwardedFrom') },
      });
      return twimlResponse(say(CALL_TEXTS.testCall, { voice: context.voice.voice }), hangup());
    }

    const now = deps.clock.now();
    const settings = phoneSettings(system);
    const closed = settings.voicemail_when_closed && openNow(context.settings, now).open === false;
    const state: CallState = {
      call_sid: callSid,
      mode: closed ? 'voicemail' : 'assistant',
      greeting: closed ? closedMessage(context, now) : greetingFor(context),
      forwarded_from: param(params, 'ForwardedFrom') || null,
      silence: 0,
      turns: 0,
    };
    const { customer, phonesFound } = await findOrCreateCaller(deps, system.businessId, from);
    const conversation = await createConversation(deps, system.businessId, {
      channel: 'call',
      customerId: customer?._id ?? null,
      title: `Call from ${callerLabel(customer, from)}`,
    });
    let call: ApiTimelineItem;
    try {
      call = await createCall(deps, {
        businessId: system.businessId,
        direction: 'inbound',
        status: 'in_progress',
        from: from || null,
        to: param(params, 'To') || system.phoneNumber,
        customerId: customer?._id ?? null,
        phonesFound,
        details: { ...state, conversation_id: conversation.id },
        externalId: callSid,
        systemId: system.id,
        at: now,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same webhook twice at once: the other request made the call; this conversation is spare.
      await deps.db.update(conversations).set({ deletedAt: now }).where(eq(conversations.id, conversation.id));
      const winner = await findCallBySid(deps, system.businessId, callSid);
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'duplicate',
        details: { call_sid: callSid, call_id: winner?.id ?? null },
      });
      return startTwiml(context, winner ? stateOf(winner) : state);
    }
    await markFirstCall(deps, system);
    const recording =
      state.mode === 'assistant' && settings.record_calls ? await startCallRecording(deps, context, callSid) : null;
    if (recording && !recording.started)
      await updateCall(deps, system.businessId, call._id, { details: { recording_pending: true } });
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name,
      outcome: 'ok',
      details: {
        call_sid: callSid,
        call_id: call._id,
        from,
        mode: state.mode,
        ...(forwarding === 'verified' ? { forwarding_verified: true } : {}),
        ...(recording
          ? { recording_started: recording.started, ...(recording.started ? {} : { recording_error: recording.error }) }
          : {}),
      },
    });
    return startTwiml(context, state);
  } catch (error) {
    await fail(deps, system, name, error, { call_sid: callSid || null });
    return failedTwiml();
  }
}
/** Who a caller is put through to: the system's transfer number, else the assistant's escalation phone. */
export function transferNumber(
  system: SystemRow,
  settings: BusinessSettings,
  options: { exclude?: (string | null | undefined)[] } = {},
): string | null {
  const own = phoneSettings(system).transfer_number;
  const candidate = own || settings.assistant.escalation_phone;
  if (!isPhone(candidate)) return null;
  if ((options.exclude ?? []).some((number) => number && digits(number) === digits(candidate))) return null;
  return candidate;
}

function transferTwiml(context: Context, system: SystemRow, text: string, to: string): string {
  return twimlResponse(
    say(text, { voice: context.voice.voice }),
    dial({ callerId: system.phoneNumber, action: context.urls.dialDone, timeout: 25, answerOnBridge: true }, to),
  );
}

/** The caller's words and the line said back, stored without asking the assistant (a transfer). */
async function storeExchange(
  deps: InboundDeps,
  businessId: string,
  conversationId: string,
  said: string,
  answer: string,
): Promise<void> {
  const conversation = await findConversation(deps.db, businessId, conversationId);
  if (!conversation) return;
  const question = await storeUserMessage(deps, conversation, { content: said });
  const at = new Date(Math.max(deps.clock.now().getTime(), question.createdAt.getTime() + 1));
  await deps.db
    .insert(conversationMessages)
    .values({
      id: newId(),
      conversationId,
      businessId,
      role: 'assistant',
      content: answer,
      status: 'complete',
      replyTo: question.id,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: conversationMessages.replyTo });
  const [row] = await deps.db
    .update(conversations)
    .set({ updatedAt: at })
    .where(eq(conversations.id, conversationId))
    .returning();
  if (row) await publishConversation(deps, row);
}

/** One turn of the speech loop: the assistant answers what the caller said (or the silence). */
export async function handleGather(deps: InboundDeps, system: SystemRow, params: TwilioParams): Promise<string> {
  const name = 'voice.gather';
  const callSid = param(params, 'CallSid');
  try {
    if (!callSid) throw new BadWebhook('CallSid is missing');
    const call = await findCallBySid(deps, system.businessId, callSid);
    if (!call) throw new BadWebhook(`No call with CallSid ${callSid}`);
    const context = await loadContext(deps, system);
    const state = stateOf(call);
    const voice = { voice: context.voice.voice };
    const speech = param(params, 'SpeechResult').slice(0, 2000);
    const ok = (details: Record<string, unknown>) =>
      recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'ok',
        details: { call_sid: callSid, call_id: call.id, ...details },
      });

    if (state.finalized_at) {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'duplicate',
        details: { call_sid: callSid, call_id: call.id, reason: 'The call has ended' },
      });
      return twimlResponse(hangup());
    }
    if (state.recording_pending) await retryCallRecording(deps, system, context, callSid, call.id);

    if (!speech) {
      const silence = (state.silence ?? 0) + 1;
      await updateCall(deps, system.businessId, call.id, { details: { silence } });
      await ok({ silence });
      const line = silence >= SILENCE_LIMIT ? CALL_TEXTS.silentGoodbye : CALL_TEXTS.notHeard;
      await recordCallLine(deps, system.businessId, state.conversation_id, line);
      if (silence >= SILENCE_LIMIT) return twimlResponse(say(line, voice), hangup());
      return listen(context, line);
    }

    const turns = (state.turns ?? 0) + 1;
    const conversationId = state.conversation_id;
    if (!conversationId) throw new BadWebhook('The call has no conversation');
    // The recogniser (Twilio's, or ours in the simulator) was unsure of the words: ask again rather than act on them.
    const confidence = param(params, 'Confidence');
    if (confidence && !heardClearly(Number(confidence))) {
      await storeExchange(deps, system.businessId, conversationId, speech, SAY_AGAIN);
      await updateCall(deps, system.businessId, call.id, { details: { silence: 0, turns, caller_spoke: true } });
      await ok({ unclear: true, confidence: Number(confidence) });
      return listen(context, SAY_AGAIN);
    }
    const to = transferNumber(system, context.settings, { exclude: [system.phoneNumber, call.from] });

    if (to && wantsPerson(speech)) {
      await storeExchange(deps, system.businessId, conversationId, speech, CALL_TEXTS.transferring);
      await updateCall(deps, system.businessId, call.id, {
        details: { silence: 0, turns, caller_spoke: true, transfer_to: to },
      });
      await ok({ transfer_to: to, reason: 'asked for a person' });
      return transferTwiml(context, system, CALL_TEXTS.transferring, to);
    }

    const secondHearing = callSpeechNeedsSecondHearing(param(params, HEARD_BY_EMBEDDED.name), confidence);
    const result = await postMessage(deps, {
      businessId: system.businessId,
      conversationId,
      message: speech,
      wait: true,
      secondHearing,
    });
    const reply = result.reply;
    const text = spoken(reply.content) || CALL_TEXTS.replyFailed;
    const couldNotHelp = (reply.actions ?? []).some((action) => action.type === 'question_recorded');
    // An unanswerable question goes to a person when the system has its own transfer number or the assistant is set to transfer.
    const transferWhenUnsure =
      Boolean(phoneSettings(system).transfer_number) || context.settings.assistant.when_unsure === 'transfer';
    if (to && couldNotHelp && transferWhenUnsure) {
      // The caller hears the transfer line, not the reply: that is what the call keeps.
      await recordSaidReply(deps, system.businessId, reply.id, CALL_TEXTS.transferUnsure);
      await updateCall(deps, system.businessId, call.id, {
        details: { silence: 0, turns, caller_spoke: true, transfer_to: to },
      });
      await ok({ transfer_to: to, reason: 'the assistant could not help', message_id: reply.id });
      return transferTwiml(context, system, CALL_TEXTS.transferUnsure, to);
    }

    if (text !== reply.content) await recordSaidReply(deps, system.businessId, reply.id, text);
    await updateCall(deps, system.businessId, call.id, { details: { silence: 0, turns, caller_spoke: true } });
    await ok({ message_id: reply.id, reply_status: reply.status });
    if (saysGoodbye(speech)) return twimlResponse(say(text, voice), hangup());
    if (turns >= TURN_LIMIT) {
      await recordCallLine(deps, system.businessId, conversationId, CALL_TEXTS.turnLimit);
      return twimlResponse(say(text, voice), say(CALL_TEXTS.turnLimit, voice), hangup());
    }
    return listen(context, text);
  } catch (error) {
    await fail(deps, system, name, error, { call_sid: callSid || null });
    return failedTwiml();
  }
}

/** A transfer ended: answered → the call is done; not answered → a voicemail. */
export async function handleDialDone(deps: InboundDeps, system: SystemRow, params: TwilioParams): Promise<string> {
  const name = 'voice.dial_done';
  const callSid = param(params, 'CallSid');
  try {
    if (!callSid) throw new BadWebhook('CallSid is missing');
    const call = await findCallBySid(deps, system.businessId, callSid);
    if (!call) throw new BadWebhook(`No call with CallSid ${callSid}`);
    const context = await loadContext(deps, system);
    const state = stateOf(call);
    const status = param(params, 'DialCallStatus') || 'failed';
    const answered = status === 'completed' || status === 'answered';
    const duplicate = state.transfer_status === status;
    if (!duplicate) {
      await updateCall(deps, system.businessId, call.id, {
        details: {
          transfer_status: status,
          ...(answered ? { transferred_to: state.transfer_to ?? null } : {}),
          ...(param(params, 'DialCallDuration')
            ? { transfer_seconds: Number(param(params, 'DialCallDuration')) || 0 }
            : {}),
        },
      });
    }
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name,
      outcome: duplicate ? 'duplicate' : 'ok',
      details: { call_sid: callSid, call_id: call.id, dial_status: status },
    });
    if (answered) return twimlResponse(hangup());
    if (!duplicate) await recordCallLine(deps, system.businessId, state.conversation_id, CALL_TEXTS.transferFailed);
    return twimlResponse(say(CALL_TEXTS.transferFailed, { voice: context.voice.voice }), ...voicemailVerbs(context));
  } catch (error) {
    await fail(deps, system, name, error, { call_sid: callSid || null });
    return failedTwiml();
  }
}
/**
 * Click-to-call: the staff member answered the first leg; now ring the customer from the
 * business number. With `test` it is the mobile forwarding test call (setup step "verify")
 * that the owner answered instead of letting it ring through to the assistant: say so and hang up.
 */
export async function handleConnect(
  deps: InboundDeps,
  system: SystemRow,
  params: TwilioParams,
  to: string,
  options: { test?: boolean } = {},
): Promise<string> {
  const name = 'voice.connect';
  const callSid = param(params, 'CallSid');
  try {
    if (options.test) {
      const context = await loadContext(deps, system);
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'ok',
        details: { call_sid: callSid || null, test_call: true, answered: true },
      });
      return twimlResponse(say(CALL_TEXTS.testCallAnswered, { voice: context.voice.voice }), hangup());
    }
    const target = (to ?? '').trim();
    if (!isPhone(target)) throw new BadWebhook('The number to connect is not a phone number');
    // The business number the call went out from (make-a-call's `from`, the agent leg's caller id), else the system's.
    const call = callSid ? await findCallBySid(deps, system.businessId, callSid) : undefined;
    const from = param(params, 'From');
    const callerId = isPhone(call?.from) ? call.from : isPhone(from) ? from : system.phoneNumber;
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name,
      outcome: 'ok',
      details: { call_sid: callSid || null, call_id: call?.id ?? null, to: target },
    });
    return twimlResponse(dial({ callerId }, target));
  } catch (error) {
    await fail(deps, system, name, error, { call_sid: callSid || null });
    return twimlResponse(say('Sorry, that call could not be connected.'), hangup());
  }
}
