import { updateCall } from '../timeline/service';
import { errorText, type Context, type InboundDeps } from './call-context';
import { recordSystemEvent, type SystemRow } from './store';

/**
 * record_calls: the provider records the whole call (both sides) and posts the recording to
 * the recording webhook with kind=call. A failure never breaks the call: it goes on unrecorded.
 * Twilio may refuse while the call is still ringing (the voice webhook), so a first failure
 * is noted on voice.incoming and the first gather tries once more; that last attempt is a
 * call.recording_started event, ok or failed.
 */
export async function startCallRecording(
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

export async function retryCallRecording(
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
