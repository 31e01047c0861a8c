import { z } from 'zod';
import { leadcatcherSettingsSchema, systemMessages, type SystemKind } from '#contract/schemas/system';
import { phoneField } from '#contract/fields';
import type { ApiDeps } from '#api/deps';
import { newId } from '#api/lib/crypto';
import { ApiError, fromZodError, invalid } from '#api/lib/errors';
import { syncReadyMadeWithSystem } from '../actions/ready-made';
import { TelephonyError } from '#api/services/telephony/provider';
import { handleVoice } from './inbound-call';
import { buyNumberFor } from './numbers';
import type { SetupMarks } from './setup';
import { publishSystem, recordSystemEvent, webhookUrls, type SystemRow } from './store';
import { changeSystem, marksAfterSettings, requireSystem } from './system-changes';

/** setup/{id}/submit: the step's values, from `values` or the body's other keys. */
function parseValues<T extends z.ZodType>(schema: T, values: Record<string, unknown>): z.output<T> {
  const result = schema.safeParse(values);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

const STEPS: Record<SystemKind, readonly string[]> = {
  telephony: ['number', 'try_it'],
  leadcatcher: ['website', 'follow_up', 'install'],
  mobile: ['mobile', 'number', 'forwarding', 'verify'],
};

const numberValues = z.object({
  phone_number: z
    .string({ error: systemMessages.numberRequired })
    .trim()
    .min(1, { error: systemMessages.numberRequired, abort: true })
    .pipe(phoneField),
});
const websiteValues = leadcatcherSettingsSchema.pick({ allowed_origins: true, form_name: true }).partial();
const followUpValues = leadcatcherSettingsSchema.pick({ follow_up: true, follow_up_template: true }).partial();
const mobileValues = z.object({ mobile_number: phoneField });

export type SetupResult = { row: SystemRow; messages: string[] };

/**
 * Complete one setup step (docs/systems.md): telephony number|try_it, leadcatcher
 * website|follow_up|install, mobile mobile|number|forwarding|verify.
 */
export async function submitSetupStep(
  deps: ApiDeps,
  businessId: string,
  systemId: string,
  userId: string,
  input: { step: string; values?: Record<string, unknown>; [key: string]: unknown },
): Promise<SetupResult> {
  const system = await requireSystem(deps, businessId, systemId);
  const { step, values: nested, ...topLevel } = input;
  const values = nested ?? topLevel;
  if (!STEPS[system.name].includes(step)) throw invalid({ step: [systemMessages.stepUnknown] });
  const now = deps.clock.now().toISOString();
  const marks = system.setup as SetupMarks;
  const settings = system.settings as Record<string, unknown>;
  let row: SystemRow;
  const messages: string[] = [];

  switch (`${system.name}.${step}`) {
    case 'telephony.number':
    case 'mobile.number': {
      const { phone_number } = parseValues(numberValues, values);
      row = await buyNumberFor(deps, system, phone_number, userId);
      messages.push(systemMessages.numberPurchased(phone_number));
      break;
    }
    case 'telephony.try_it':
      row = await changeSystem(deps, system.id, { setup: { tried_at: marks.tried_at ?? now } });
      break;
    case 'leadcatcher.website': {
      const parsed = parseValues(websiteValues, values);
      const changed = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
      row = await changeSystem(deps, system.id, { settings: changed, setup: { website_at: now } });
      break;
    }
    case 'leadcatcher.follow_up': {
      const parsed = parseValues(followUpValues, values);
      const changed = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
      row = await changeSystem(deps, system.id, { settings: changed, setup: { follow_up_at: now } });
      // The follow-up chosen here is sent by "Follow up new web leads": switch it on as the
      // settings form does, or the lead is never followed up.
      await syncReadyMadeWithSystem(deps, row, changed);
      break;
    }
    case 'leadcatcher.install':
      row = await changeSystem(deps, system.id, { setup: { installed_at: marks.installed_at ?? now } });
      break;
    case 'mobile.mobile': {
      const { mobile_number } = parseValues(mobileValues, values);
      const changes = { mobile_number };
      row = await changeSystem(deps, system.id, { settings: changes, setup: marksAfterSettings(system, changes) });
      break;
    }
    case 'mobile.forwarding':
      if (!system.phoneNumber) throw new ApiError(422, [systemMessages.stepNotReady]);
      row = await changeSystem(deps, system.id, { setup: { forwarding_at: now } });
      break;
    case 'mobile.verify': {
      if (!system.phoneNumber || !settings.mobile_number || !marks.forwarding_at)
        throw new ApiError(422, [systemMessages.stepNotReady]);
      row = await startTestCall(deps, system, String(settings.mobile_number), userId);
      messages.push(systemMessages.testCallStarted);
      break;
    }
    default:
      throw invalid({ step: [systemMessages.stepUnknown] });
  }
  await recordSystemEvent(deps, row, {
    kind: 'action',
    name: 'setup.submitted',
    outcome: 'ok',
    details: { step, by: userId },
  });
  // The number step published its purchase already; every other step publishes here.
  if (step !== 'number') await publishSystem(deps, 'Updated', row);
  if (messages.length === 0) messages.push(systemMessages.stepSaved);
  return { row, messages };
}

/**
 * Mobile 'verify': call the owner's mobile from the assistant number; left unanswered, the
 * carrier forwards it back to the assistant number, and the voice handler sees
 * ForwardedFrom = the mobile within 10 minutes of test_call_started_at and marks verified_at.
 * The sandbox has no carrier, so the forwarded call arrives at once through that same handler.
 */
async function startTestCall(deps: ApiDeps, system: SystemRow, mobile: string, userId: string): Promise<SystemRow> {
  const started = await changeSystem(deps, system.id, {
    setup: { test_call_started_at: deps.clock.now().toISOString() },
  });
  const assistantNumber = started.phoneNumber!;
  const urls = webhookUrls(deps, system.id);
  let callId: string;
  try {
    const call = await deps.telephony.placeCall({
      to: mobile,
      from: assistantNumber,
      agentNumber: mobile,
      connectUrl: `${urls.connect}?test=1`,
      statusCallback: urls.status,
    });
    callId = call.id;
  } catch (error) {
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'setup.test_call',
      outcome: 'failed',
      error: error instanceof Error ? error.message : String(error),
      details: { to: mobile, by: userId },
    });
    if (error instanceof TelephonyError) throw new ApiError(502, [error.message]);
    throw error;
  }
  await recordSystemEvent(deps, system, {
    kind: 'action',
    name: 'setup.test_call',
    outcome: 'ok',
    details: { to: mobile, from: assistantNumber, call_id: callId, by: userId },
  });
  if (deps.telephony.name === 'sandbox') {
    await handleVoice(deps, started, {
      CallSid: `CA-sandbox-${newId()}`,
      // The test call left the assistant number, so that is its caller once forwarded back.
      From: assistantNumber,
      To: assistantNumber,
      ForwardedFrom: mobile,
      CallStatus: 'ringing',
      Direction: 'inbound',
    });
  }
  // The handler may have marked verified_at: recompute the status from what is stored now.
  return changeSystem(deps, system.id, { setup: { placed_test_call_sid: callId } });
}
