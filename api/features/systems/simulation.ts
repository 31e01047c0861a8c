import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { systemMessages, type simulateSchema } from '#contract/schemas/system';
import type { ApiSimulation } from '#contract/v1/systems';
import type { ApiDeps } from '#api/deps';
import { timelineItems } from '#api/db/schema';
import { ApiError, invalid } from '#api/lib/errors';
import { findCallBySid, type TwilioParams } from './call-context';
import { handleCallStatus, handleRecording } from './call-outcome';
import { handleDialDone, handleGather, handleVoice } from './inbound-call';
import { handleSms } from './inbound-sms';
import type { SystemRow } from './store';
import { textOf, twimlVerbs } from './twiml';
import { serializeRow } from '../timeline/service';
import { HEARD_BY_EMBEDDED } from '#api/services/speech/confidence';
import { phoneSettings } from './text-back';
import { recordSimulatedCall } from './simulated-recording';

/**
 * The sandbox simulator's engine (the routes are api/features/systems/simulate.ts): plays a
 * caller or texter against the very handlers Twilio's webhooks call, in process, with
 * Twilio-shaped parameters. A call is handleVoice, one handleGather per line of `says`, then
 * the final status; a missed call is one nobody answered (it rings out: no-answer), and a
 * call with nothing said hangs up after the greeting (abandoned); outside opening hours what
 * the caller says becomes the voicemail. The transcript is read back from the TwiML the
 * handlers answered (what the assistant said, a transfer, a recording).
 */
type Line = ApiSimulation['transcript'][number];
export type Simulation = { transcript: Line[]; call?: unknown; sms?: unknown };

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
/** Roughly how long a simulated turn takes, for the call's duration. */
const SECONDS_PER_TURN = 8;
/** A typed line is exactly what the caller says: as sure as Twilio ever is of speech. */
const TYPED_CONFIDENCE = 0.92;

type Outcome = 'gather' | 'record' | 'dial' | 'hangup' | 'other';

/** The lines the TwiML speaks or does, and where the call goes next. */
function readTwiml(xml: string): { lines: Line[]; next: Outcome } {
  const lines: Line[] = [];
  let next: Outcome = 'other';
  for (const verb of twimlVerbs(xml)) {
    switch (verb.name) {
      case 'Say': {
        const text = textOf(verb);
        if (text) lines.push({ speaker: 'assistant', text });
        break;
      }
      case 'Gather':
        next = 'gather';
        break;
      case 'Dial': {
        const numbers = verb.children
          .filter((child) => typeof child !== 'string' && child.name === 'Number')
          .map(textOf);
        lines.push({ speaker: 'system', text: `Put through to ${numbers.join(', ') || 'a member of the team'}` });
        next = 'dial';
        break;
      }
      case 'Record':
        lines.push({ speaker: 'system', text: 'Recording a voicemail' });
        if (next !== 'gather') next = 'record';
        break;
      case 'Hangup':
        if (next === 'other') next = 'hangup';
        break;
    }
  }
  return { lines, next };
}

async function textBackLines(deps: ApiDeps, businessId: string, callId: string): Promise<Line[]> {
  const rows = await deps.db
    .select({ body: timelineItems.body, to: timelineItems.to })
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, businessId),
        eq(timelineItems.type, 'sms'),
        eq(timelineItems.direction, 'outbound'),
        sql`${timelineItems.details}->>'call_id' = ${callId}`,
        sql`${timelineItems.details}->>'purpose' = 'missed_call_text_back'`,
      ),
    )
    .orderBy(asc(timelineItems.createdAt));
  return rows.map((row) => ({ speaker: 'system', text: `Texted ${row.to} back: ${row.body ?? ''}` }));
}

async function simulateCall(
  deps: ApiDeps,
  system: SystemRow,
  input: { kind: 'call' | 'missed_call'; from: string; says: string; confidence?: number | null; embedded?: boolean },
): Promise<Simulation> {
  const callSid = sid('CA');
  const base: TwilioParams = {
    AccountSid: 'ACsandbox',
    ApiVersion: '2010-04-01',
    CallSid: callSid,
    From: input.from,
    To: system.phoneNumber ?? '',
    Direction: 'inbound',
  };
  const transcript: Line[] = [];
  const saidLines = input.says
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  let turns = 1;
  // Speech heard by the embedded recogniser is marked so, as its confidence alone does not say whose it is.
  const heardBy: TwilioParams = input.embedded ? { [HEARD_BY_EMBEDDED.name]: HEARD_BY_EMBEDDED.value } : {};

  const started = readTwiml(await handleVoice(deps, system, { ...base, CallStatus: 'ringing' }));
  if (input.kind === 'missed_call') {
    // Nobody answered: the caller rang off before the call was picked up, so heard nothing.
    transcript.push({ speaker: 'system', text: 'Nobody answered; the caller rang off.' });
    await handleCallStatus(deps, system, { ...base, CallStatus: 'no-answer', CallDuration: '0' });
    return finished(deps, system, callSid, transcript);
  }
  transcript.push(...started.lines);
  let next = started.next;
  let voicemail: string[] = [];

  if (next === 'record') {
    voicemail = saidLines;
  } else if (input.kind === 'call' && next === 'gather') {
    for (const [index, line] of saidLines.entries()) {
      transcript.push({ speaker: 'caller', text: line });
      turns += 1;
      const answer = readTwiml(
        await handleGather(deps, system, {
          ...base,
          CallStatus: 'in-progress',
          SpeechResult: line,
          Confidence: String(input.confidence ?? TYPED_CONFIDENCE),
          ...heardBy,
        }),
      );
      transcript.push(...answer.lines);
      next = answer.next;
      if (next === 'dial') {
        // Nobody real is rung from the sandbox: the transfer counts as answered.
        const done = readTwiml(
          await handleDialDone(deps, system, {
            ...base,
            CallStatus: 'in-progress',
            DialCallStatus: 'completed',
            DialCallDuration: '30',
          }),
        );
        transcript.push(...done.lines);
        next = done.next;
        if (next !== 'record') break;
      }
      if (next === 'record') {
        voicemail = saidLines.slice(index + 1);
        break;
      }
      if (next !== 'gather') break;
    }
  }

  if (next === 'record' && voicemail.length) {
    const text = voicemail.join(' ');
    transcript.push({ speaker: 'caller', text });
    turns += 1;
    await handleRecording(deps, system, {
      ...base,
      CallStatus: 'completed',
      RecordingSid: sid('RE'),
      RecordingUrl: '',
      RecordingDuration: String(Math.max(3, Math.round(text.split(/\s+/).length / 2.5))),
      TranscriptionText: text,
      TranscriptionStatus: 'completed',
    });
  } else if (next === 'gather' && saidLines.length === 0) {
    transcript.push({ speaker: 'system', text: 'The caller hung up after the greeting.' });
  } else if (next === 'record' && !voicemail.length) {
    transcript.push({ speaker: 'system', text: 'The caller hung up without leaving a message.' });
  }

  await handleCallStatus(deps, system, {
    ...base,
    CallStatus: 'completed',
    CallDuration: String(turns * SECONDS_PER_TURN),
  });
  return finished(deps, system, callSid, transcript);
}

/** The simulation's answer: the call as stored (recorded as a real one would be), and any text-back it sent. */
async function finished(deps: ApiDeps, system: SystemRow, callSid: string, transcript: Line[]): Promise<Simulation> {
  const ended = await findCallBySid(deps, system.businessId, callSid);
  const recorded = ended ? await recordSimulatedCall(deps, system, ended, transcript) : false;
  const row = recorded ? await findCallBySid(deps, system.businessId, callSid) : ended;
  if (row) transcript.push(...(await textBackLines(deps, system.businessId, row.id)));
  return { transcript, call: row ? await serializeRow(deps.db, row) : null };
}

async function simulateSms(
  deps: ApiDeps,
  system: SystemRow,
  input: { from: string; says: string },
): Promise<Simulation> {
  const messageSid = sid('SM');
  await handleSms(deps, system, {
    AccountSid: 'ACsandbox',
    ApiVersion: '2010-04-01',
    MessageSid: messageSid,
    SmsSid: messageSid,
    From: input.from,
    To: system.phoneNumber ?? '',
    Body: input.says,
    NumMedia: '0',
  });
  const [sms] = await deps.db
    .select()
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, system.businessId),
        eq(timelineItems.externalId, messageSid),
        eq(timelineItems.type, 'sms'),
      ),
    )
    .limit(1);
  const transcript: Line[] = [{ speaker: 'caller', text: input.says }];
  if (sms) {
    const replies = await deps.db
      .select({ body: timelineItems.body })
      .from(timelineItems)
      .where(
        and(
          eq(timelineItems.businessId, system.businessId),
          eq(timelineItems.type, 'sms'),
          eq(timelineItems.direction, 'outbound'),
          sql`${timelineItems.details}->>'reply_to' = ${sms.id}`,
        ),
      )
      .orderBy(asc(timelineItems.createdAt));
    // Say why nothing was sent: a STOP, START or HELP (recorded on the SMS) is not "replies are off".
    const noReply = (sms.details as { no_reply?: string }).no_reply;
    if (replies.length)
      transcript.push(...replies.map((reply) => ({ speaker: 'assistant' as const, text: reply.body ?? '' })));
    else if (noReply) transcript.push({ speaker: 'system', text: noReply });
    else if (!phoneSettings(system).sms_auto_reply)
      transcript.push({
        speaker: 'system',
        text: 'No reply was sent (automatic SMS replies are off for this system).',
      });
    else
      transcript.push({
        speaker: 'system',
        text: 'No reply was sent (the assistant had no answer; see the system’s events).',
      });
  }
  return { transcript, sms: sms ? await serializeRow(deps.db, sms) : null };
}

/** The simulator plays sandbox phone systems with a number only. */
export function assertSimulatable(system: SystemRow): void {
  if (system.provider !== 'sandbox') throw new ApiError(422, [systemMessages.sandboxOnly]);
  if (system.name === 'leadcatcher') throw new ApiError(422, [systemMessages.notAPhoneSystem]);
  if (!system.phoneNumber) throw new ApiError(422, [systemMessages.needsNumber]);
}

/** Runs one simulation on a sandbox phone system with a number (the route checks access): the typed and the spoken call both end here. */
export async function runSimulation(
  deps: ApiDeps,
  system: SystemRow,
  input: z.output<typeof simulateSchema>,
  heard: { confidence?: number | null; embedded?: boolean } = {},
): Promise<Simulation> {
  assertSimulatable(system);
  if (input.kind === 'sms') {
    if (!input.says.trim()) throw invalid({ says: [systemMessages.messageRequired] });
    return simulateSms(deps, system, input);
  }
  return simulateCall(deps, system, {
    kind: input.kind,
    from: input.from,
    says: input.says,
    confidence: heard.confidence,
    embedded: heard.embedded,
  });
}
