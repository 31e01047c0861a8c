import { and, eq, sql } from 'drizzle-orm';
import type { NotificationEvent } from '#contract/schemas/business-settings';
import { timelineItems } from '#api/db/schema';
import { listMessages } from '#api/services/assistant/conversations';
import { notifyMembers } from '../notifications/notify-members';
import { RECORDING_MIME_TYPE, recordingKey } from '../calls/recordings';
import { storageOf } from '#api/services/storage';
import { updateCall, type TimelineRow } from '../timeline/service';
import {
  BadWebhook,
  customerName,
  fail,
  findCallBySid,
  loadContext,
  param,
  stateOf,
  type CallState,
  type InboundDeps,
  type TwilioParams,
} from './call-context';
import { callTranscript, summarizeCall, type CallRecord, type CallTurn } from './call-summary';
import { recordSystemEvent, type SystemRow } from './store';
import { fireTrigger } from '../actions/triggers';
import { emitOutgoingEvent } from '../outgoing-webhooks/deliveries';

/**
 * How a call ends: the recording callback (a voicemail or its transcription, or the
 * whole-call recording of record_calls) and the status callback, which once per call writes
 * the final status, transcript and summary, notifies the team and texts a missed caller
 * back. Outbound calls only take their final status.
 */

export const FINAL_CALL_STATUSES = ['completed', 'no-answer', 'busy', 'failed', 'canceled'] as const;
const UNANSWERED = new Set(['no-answer', 'busy', 'failed', 'canceled']);

/** The conversation's messages as the call's turns. */
async function callTurns(deps: InboundDeps, state: CallState): Promise<CallTurn[]> {
  if (!state.conversation_id) return [];
  const rows = await listMessages(deps.db, state.conversation_id);
  return rows
    .filter((row) => row.content.trim())
    .map((row) => ({ role: row.role, content: row.content, actions: row.actions }));
}

function callRecord(
  state: CallState,
  turns: CallTurn[],
  status: CallRecord['status'],
  caller: { name: string; number: string | null },
): CallRecord {
  return {
    greeting: state.greeting ?? null,
    turns,
    status,
    callerName: caller.name,
    callerNumber: caller.number,
    transferredTo: state.transferred_to ?? null,
    voicemail: state.voicemail_transcript ?? null,
  };
}

const NOTIFY: Record<CallRecord['status'], { event: NotificationEvent; title: (who: string) => string }> = {
  missed_call: { event: 'missed_call', title: (who) => `Missed call from ${who}` },
  voicemail: { event: 'voicemail', title: (who) => `Voicemail from ${who}` },
  completed: { event: 'new_call', title: (who) => `Call from ${who}` },
  abandoned: { event: 'new_call', title: (who) => `Call from ${who}: hung up after the greeting` },
};

/**
 * Downloads a recording and keeps it as the call's WAV (one file per call: the whole-call
 * recording, which ends with the call, replaces a voicemail's, which it contains). It goes
 * through the storage, so every instance can play it (S3) and a replacement is atomic (a
 * player or a backup never sees half of it). Answers the bytes when stored, else null (not
 * fetched, or empty); a storage failure throws, so nothing is marked recorded.
 */
async function storeRecording(deps: InboundDeps, callId: string, recordingUrl: string): Promise<Uint8Array | null> {
  const wav = await deps.telephony.fetchRecording(recordingUrl).catch((error) => {
    deps.log?.({ level: 'warn', msg: 'call recording not fetched', call_id: callId, error: String(error) });
    return null;
  });
  if (!wav || wav.byteLength === 0) return null;
  await storageOf(deps).put(recordingKey(callId), wav, RECORDING_MIME_TYPE);
  return wav;
}

/** What the recording webhook was given: `kind=call` is the whole-call recording (record_calls); otherwise a voicemail. */
export type RecordingKind = { kind?: string };

/**
 * A recording (or a voicemail's transcription) is ready. A voicemail: store the WAV, the
 * transcript, status voicemail. The whole-call recording (kind=call): store the WAV and
 * mark the call recorded, nothing else (the call stays what it was).
 */
export async function handleRecording(
  deps: InboundDeps,
  system: SystemRow,
  params: TwilioParams,
  options: RecordingKind = {},
): Promise<void> {
  const name = 'voice.recording';
  const callSid = param(params, 'CallSid');
  try {
    if (!callSid) throw new BadWebhook('CallSid is missing');
    const call = await findCallBySid(deps, system.businessId, callSid);
    if (!call) throw new BadWebhook(`No call with CallSid ${callSid}`);
    if (options.kind === 'call') return await storeCallRecording(deps, system, call, params);
    const state = stateOf(call);
    const recordingUrl = param(params, 'RecordingUrl');
    const recordingSid =
      param(params, 'RecordingSid') || (recordingUrl ? recordingUrl.split('/').pop() || recordingUrl : '');
    let transcriptText = param(params, 'TranscriptionText').slice(0, 5000);
    const newRecording = Boolean(recordingSid) && state.recording_sid !== recordingSid;
    const newTranscript = Boolean(transcriptText) && state.voicemail_transcript !== transcriptText;
    if (!newRecording && !newTranscript) {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: state.voicemail ? 'duplicate' : 'failed',
        error: state.voicemail ? null : 'No recording or transcription in the request',
        details: { call_sid: callSid, call_id: call.id },
      });
      return;
    }

    let stored = state.recording === true;
    if (newRecording && recordingUrl) {
      const wav = await storeRecording(deps, call.id, recordingUrl);
      if (wav) stored = true;
      if (wav && !transcriptText && !state.voicemail_transcript && deps.speech?.stt) {
        transcriptText = (await deps.speech.stt.transcribe(wav).catch(() => '')).trim().slice(0, 5000);
      }
    }

    const voicemail = transcriptText || state.voicemail_transcript || null;
    const next: CallState = {
      ...state,
      voicemail: true,
      recording: stored,
      voicemail_transcript: voicemail,
      ...(newRecording ? { recording_sid: recordingSid } : {}),
    };
    const turns = await callTurns(deps, next);
    const caller = { name: await customerName(deps, system.businessId, call.customerId, call.from), number: call.from };
    const record = callRecord(next, turns, 'voicemail', caller);
    const changes: Record<string, unknown> = {
      voicemail: true,
      recording: stored,
      voicemail_transcript: voicemail,
      transcript: callTranscript(record),
      ...(newRecording
        ? { recording_sid: recordingSid, recording_duration: Number(param(params, 'RecordingDuration')) || 0 }
        : {}),
    };
    // A transcription that arrives after the call ended updates its summary too.
    if (state.finalized_at) {
      const context = await loadContext(deps, system);
      const summary = await summarizeCall(deps, record, {
        provider: context.settings.assistant.provider,
        businessName: context.business.name,
      });
      changes.summary = summary.summary;
      changes.summary_by = summary.by;
    }
    const updated = await updateCall(deps, system.businessId, call.id, { status: 'voicemail', details: changes });
    // The caller hung up while recording and the status callback won the race: the call was
    // told as missed; now it is a voicemail, and the team hears of that too (the text-back was sent).
    if (state.finalized_at && call.status !== 'voicemail') {
      await notifyMembers(deps, {
        businessId: system.businessId,
        event: NOTIFY.voicemail.event,
        permission: 'calls/view',
        title: NOTIFY.voicemail.title(caller.name),
        body: String(changes.summary ?? ''),
        customerId: updated.customer_id,
        internalLink: `/dashboard/calls/${call.id}`,
        sourceId: call.id,
      });
    }
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name,
      outcome: 'ok',
      details: { call_sid: callSid, call_id: call.id, recording_stored: stored, transcribed: Boolean(voicemail) },
    });
  } catch (error) {
    await fail(deps, system, name, error, { call_sid: callSid || null });
  }
}

/** The whole-call recording is ready: the call keeps its status; it is marked recorded once the WAV is stored. */
async function storeCallRecording(
  deps: InboundDeps,
  system: SystemRow,
  call: TimelineRow,
  params: TwilioParams,
): Promise<void> {
  const name = 'voice.recording';
  const state = stateOf(call);
  const callSid = param(params, 'CallSid');
  const recordingUrl = param(params, 'RecordingUrl');
  const recordingSid =
    param(params, 'RecordingSid') || (recordingUrl ? recordingUrl.split('/').pop() || recordingUrl : '');
  const recordingStatus = param(params, 'RecordingStatus') || 'completed';
  const details = {
    call_sid: callSid,
    call_id: call.id,
    kind: 'call',
    recording_sid: recordingSid || null,
    recording_status: recordingStatus,
  };
  if (state.call_recording_sid && state.call_recording_sid === recordingSid) {
    await recordSystemEvent(deps, system, { kind: 'webhook', name, outcome: 'duplicate', details });
    return;
  }
  if (!recordingUrl || recordingStatus !== 'completed') {
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name,
      outcome: 'failed',
      error: recordingUrl ? `The recording ended ${recordingStatus}` : 'No RecordingUrl in the request',
      details,
    });
    return;
  }
  const stored = (await storeRecording(deps, call.id, recordingUrl)) !== null;
  // Not stored: nothing is marked, so Twilio's retry downloads it again.
  if (stored) {
    await updateCall(deps, system.businessId, call.id, {
      details: {
        recording: true,
        call_recording_sid: recordingSid,
        call_recording_duration: Number(param(params, 'RecordingDuration')) || 0,
      },
    });
  }
  await recordSystemEvent(deps, system, {
    kind: 'webhook',
    name,
    outcome: stored ? 'ok' : 'failed',
    error: stored ? null : 'The recording could not be downloaded',
    details: { ...details, recording_stored: stored },
  });
}

/**
 * What became of an inbound call. Missed means nobody answered it (or, closed, the caller
 * heard the voicemail prompt and left nothing), and the caller is texted back. A caller the
 * assistant greeted who hung up without a word abandoned the call: they
 * heard the business answer, so "Sorry we missed your call" would be untrue.
 */
export function callStatusOf(call: {
  recorded: boolean;
  unanswered: boolean;
  spoke: boolean;
  greeted: boolean;
}): CallRecord['status'] {
  if (call.recorded) return 'voicemail';
  if (call.unanswered) return 'missed_call';
  if (call.spoke) return 'completed';
  return call.greeted ? 'abandoned' : 'missed_call';
}

/** The status callback: on a final status, once, the call's status, transcript, summary, notification and text-back. */
export async function handleCallStatus(deps: InboundDeps, system: SystemRow, params: TwilioParams): Promise<void> {
  const name = 'call.status';
  const callSid = param(params, 'CallSid');
  const callStatus = param(params, 'CallStatus');
  try {
    if (!callSid) throw new BadWebhook('CallSid is missing');
    const call = await findCallBySid(deps, system.businessId, callSid);
    if (!call) {
      // The mobile forwarding test: the call placed to the mobile, or the one forwarded back from it.
      const marks = system.setup as { test_call_sid?: string; placed_test_call_sid?: string };
      if (marks.test_call_sid === callSid || marks.placed_test_call_sid === callSid) {
        await recordSystemEvent(deps, system, {
          kind: 'webhook',
          name,
          outcome: 'ok',
          details: { call_sid: callSid, call_status: callStatus, test_call: true },
        });
        return;
      }
      throw new BadWebhook(`No call with CallSid ${callSid}`);
    }
    if (!(FINAL_CALL_STATUSES as readonly string[]).includes(callStatus)) {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'ok',
        details: { call_sid: callSid, call_id: call.id, call_status: callStatus },
      });
      return;
    }

    // Exactly once: whichever request sets finalized_at finishes the call; a repeat does nothing.
    const now = deps.clock.now();
    const [claimed] = await deps.db
      .update(timelineItems)
      .set({
        details: sql`${timelineItems.details} || ${JSON.stringify({ finalized_at: now.toISOString(), final_status: callStatus })}::jsonb`,
      })
      .where(and(eq(timelineItems.id, call.id), sql`${timelineItems.details}->>'finalized_at' is null`))
      .returning();
    if (!claimed) {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'duplicate',
        details: { call_sid: callSid, call_id: call.id, call_status: callStatus },
      });
      return;
    }
    const duration = Number(param(params, 'CallDuration'));
    const durationDetails =
      Number.isFinite(duration) && param(params, 'CallDuration') ? { duration_seconds: duration } : {};

    if (call.direction === 'outbound') {
      const ended = await updateCall(deps, system.businessId, call.id, {
        status: callStatus.replace(/-/g, '_'),
        details: durationDetails,
      });
      await emitOutgoingEvent(deps, system.businessId, 'call.ended', { call: ended });
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'ok',
        details: { call_sid: callSid, call_id: call.id, call_status: callStatus },
      });
      return;
    }

    const state = stateOf(claimed);
    const turns = await callTurns(deps, state);
    const spoke = turns.some((turn) => turn.role === 'user') || state.caller_spoke === true;
    const recorded = Boolean(state.voicemail) || claimed.status === 'voicemail';
    const status = callStatusOf({
      recorded,
      unanswered: UNANSWERED.has(callStatus),
      spoke,
      greeted: state.mode === 'assistant' && Boolean(state.greeting),
    });
    const context = await loadContext(deps, system);
    const who = await customerName(deps, system.businessId, call.customerId, call.from);
    const record = callRecord(state, turns, status, { name: who, number: call.from });
    const summary = await summarizeCall(deps, record, {
      provider: context.settings.assistant.provider,
      businessName: context.business.name,
    });
    const updated = await updateCall(deps, system.businessId, call.id, {
      status,
      details: {
        ...durationDetails,
        transcript: callTranscript(record),
        summary: summary.summary,
        summary_by: summary.by,
      },
    });
    await emitOutgoingEvent(deps, system.businessId, 'call.ended', { call: updated, summary: summary.summary });

    const notice = NOTIFY[status];
    await notifyMembers(deps, {
      businessId: system.businessId,
      event: notice.event,
      permission: 'calls/view',
      title: notice.title(who),
      body: summary.summary,
      customerId: updated.customer_id,
      internalLink: `/dashboard/calls/${call.id}`,
      sourceId: call.id,
    });
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name,
      outcome: 'ok',
      details: { call_sid: callSid, call_id: call.id, call_status: callStatus, status },
    });

    // The text-back is the ready-made "Text back missed calls" action, beside any
    // action the owner made for missed calls: one run per action and call, run now when due.
    if ((status === 'missed_call' || status === 'voicemail') && call.from) {
      await fireTrigger(deps, {
        businessId: system.businessId,
        trigger: 'missed_call',
        customerId: updated.customer_id,
        subjectType: 'call',
        subjectId: call.id,
        at: now,
      });
    }
  } catch (error) {
    await fail(deps, system, name, error, { call_sid: callSid || null, call_status: callStatus || null });
  }
}
