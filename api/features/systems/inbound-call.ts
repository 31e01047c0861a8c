import { eq } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import { conversations } from '#api/db/schema';
import { createConversation } from '#api/services/assistant/conversations';
import { openNow } from '#api/services/assistant/hours';
import { postMessage } from '#api/services/assistant/turns';
import { createCall, updateCall } from '../timeline/service';
import {
  BadWebhook,
  CALL_TEXTS,
  callerLabel,
  fail,
  findCallBySid,
  findOrCreateCaller,
  isPhone,
  loadContext,
  param,
  SILENCE_LIMIT,
  stateOf,
  TURN_LIMIT,
  type CallState,
  type InboundDeps,
  type TwilioParams,
} from './call-context';
import { isUniqueViolation } from '#api/lib/db-errors';
import {
  callSpeechNeedsSecondHearing,
  HEARD_BY_EMBEDDED,
  heardClearly,
  SAY_AGAIN,
} from '#api/services/speech/confidence';
import { saysGoodbye, spoken, wantsPerson } from './call-intents';
import { recordCallLine, recordSaidReply } from './call-lines';
import { recordSystemEvent, type SystemRow } from './store';
import { phoneSettings } from './text-back';
import { closedMessage, failedTwiml, greetingFor, listen, startTwiml, voicemailVerbs } from './call-prompts';
import { retryCallRecording, startCallRecording } from './call-recording';
import { checkForwardingTest, markFirstCall } from './call-setup-marks';
import { storeExchange, transferNumber, transferTwiml } from './call-transfer';
import { dial, hangup, say, twimlResponse } from './twiml';

/**
 * Inbound calls, provider independent: Twilio's webhooks (api/features/webhooks) and the
 * sandbox simulator (api/features/systems/simulate.ts) both call these with Twilio-shaped
 * parameters and answer the TwiML they return. A call is a timeline item found by its
 * CallSid (timeline_items.external_id, unique per business), so a retried webhook never
 * makes a second one. The assistant answers in a speech-gather loop through a 'call'
 * conversation; a caller asking for a person is put through, an unanswered transfer or a
 * closed business ends in a voicemail, and the final status callback writes the status,
 * transcript and summary, notifies the team and texts a missed caller back.
 *
 * How the call ends (recording and status callbacks) is call-outcome.ts; what the handlers
 * share is call-context.ts; what the caller's words mean is call-intents.ts; what the line says
 * is call-prompts.ts; putting the caller through is call-transfer.ts.
 *
 * No handler throws: bad input or a failure answers safe TwiML and records a 'failed' event.
 */

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
