import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  leadcatcherSettingsSchema,
  SETTINGS_SCHEMAS,
  systemMessages,
  type ApiAvailableNumber,
  type SystemKind,
} from '#contract/schemas/system';
import { phoneField } from '#contract/fields';
import type { ApiDeps } from '#api/deps';
import { systemEvents, systems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { ApiError, fromZodError, invalid, notFound } from '#api/lib/errors';
import { TelephonyError } from '../telephony/provider';
import { handleVoice } from './inbound-call';
import { statusFor, type SetupMarks } from './setup';
import { findSystem, listSystems, publishSystem, recordSystemEvent, webhookUrls, type SystemRow } from './store';
import { isUniqueViolation } from '#api/lib/db-errors';
import { syncReadyMadeWithSystem } from '../actions/ready-made';

/**
 * The systems calls' business logic (api/resources/systems): create, settings, setup
 * steps, buying a number, delete and restore. Every write records a system event ('action'),
 * recomputes the status from the setup steps and publishes SystemCreated/Updated/Deleted.
 * Outbound calls and SMS live in outbound.ts.
 */
export type ManageDeps = ApiDeps;

export const systemNotFound = () => notFound('The system');

export async function requireSystem(
  deps: Pick<ApiDeps, 'db'>,
  businessId: string,
  systemId: string,
  options: { deleted?: boolean } = {},
): Promise<SystemRow> {
  const row = await findSystem(deps.db, businessId, systemId, options);
  if (!row) throw systemNotFound();
  return row;
}

export async function listBusinessSystems(deps: Pick<ApiDeps, 'db'>, businessId: string) {
  const rows = await listSystems(deps.db, businessId);
  return { rows, total: rows.length };
}

type SystemChanges = {
  /** Merged over the stored settings. */
  settings?: Record<string, unknown>;
  /** Merged over the stored setup marks (null clears a mark). */
  setup?: Partial<Record<keyof SetupMarks, string | null>>;
  phoneNumber?: string | null;
  provider?: string;
  providerRef?: string | null;
  deletedAt?: Date | null;
};

/**
 * Change one system under a row lock (webhooks write setup marks concurrently), recompute its
 * status from the result and answer the saved row. A number another live system holds
 * fails with the unique violation (the caller maps it).
 */
export async function changeSystem(
  deps: Pick<ApiDeps, 'db' | 'clock' | 'publicUrl'>,
  systemId: string,
  changes: SystemChanges,
): Promise<SystemRow> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(systems).where(eq(systems.id, systemId)).for('update').limit(1);
    if (!current) throw systemNotFound();
    const next: SystemRow = {
      ...current,
      settings: changes.settings ? { ...current.settings, ...changes.settings } : current.settings,
      setup: changes.setup ? { ...current.setup, ...changes.setup } : current.setup,
      phoneNumber: changes.phoneNumber === undefined ? current.phoneNumber : changes.phoneNumber,
      provider: changes.provider ?? current.provider,
      providerRef: changes.providerRef === undefined ? current.providerRef : changes.providerRef,
      deletedAt: changes.deletedAt === undefined ? current.deletedAt : changes.deletedAt,
      updatedAt: deps.clock.now(),
    };
    const [row] = await tx
      .update(systems)
      .set({
        settings: next.settings,
        setup: next.setup,
        phoneNumber: next.phoneNumber,
        provider: next.provider,
        providerRef: next.providerRef,
        deletedAt: next.deletedAt,
        status: statusFor(deps, next),
        updatedAt: next.updatedAt,
      })
      .where(eq(systems.id, systemId))
      .returning();
    return row;
  });
}

export async function createSystem(
  deps: ManageDeps,
  businessId: string,
  userId: string,
  input: { name: SystemKind },
): Promise<SystemRow> {
  const now = deps.clock.now();
  const draft: SystemRow = {
    id: newId(),
    businessId,
    name: input.name,
    status: 'requires_setup',
    phoneNumber: null,
    provider: deps.telephony.name,
    providerRef: null,
    settings: {},
    setup: {},
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  const [row] = await deps.db
    .insert(systems)
    .values({ ...draft, status: statusFor(deps, draft) })
    .returning();
  await recordSystemEvent(deps, row, {
    kind: 'action',
    name: 'system.created',
    outcome: 'ok',
    details: { name: row.name, by: userId },
  });
  await publishSystem(deps, 'Created', row);
  return row;
}

/** Soft delete: the number stays with the system (not released), so restore brings it back live. */
export async function deleteSystem(
  deps: ManageDeps,
  businessId: string,
  systemId: string,
  userId: string,
): Promise<SystemRow> {
  const current = await requireSystem(deps, businessId, systemId);
  const row = await changeSystem(deps, current.id, { deletedAt: deps.clock.now() });
  await recordSystemEvent(deps, row, {
    kind: 'action',
    name: 'system.deleted',
    outcome: 'ok',
    details: { by: userId },
  });
  await publishSystem(deps, 'Deleted', row);
  return row;
}

/**
 * Restore a deleted system. Its number comes back with it unless another live system took
 * that number meanwhile (the sandbox offers numbers of deleted systems again): then it is
 * restored without a number and asks for one in setup.
 */
export async function restoreSystem(
  deps: ManageDeps,
  businessId: string,
  systemId: string,
  userId: string,
): Promise<SystemRow> {
  const current = await requireSystem(deps, businessId, systemId, { deleted: true });
  if (!current.deletedAt) return current;
  try {
    const row = await changeSystem(deps, current.id, { deletedAt: null });
    await recordSystemEvent(deps, row, {
      kind: 'action',
      name: 'system.restored',
      outcome: 'ok',
      details: { by: userId },
    });
    await publishSystem(deps, 'Created', row);
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await changeSystem(deps, current.id, { deletedAt: null, phoneNumber: null, providerRef: null });
    await recordSystemEvent(deps, row, {
      kind: 'action',
      name: 'system.restored',
      outcome: 'ok',
      error: `${current.phoneNumber} now belongs to another system; choose a new number.`,
      details: { by: userId, lost_number: current.phoneNumber },
    });
    await publishSystem(deps, 'Created', row);
    return row;
  }
}

/**
 * The settings a request carries, in any of the accepted shapes:
 * {configurations: {data: {settings}}}, {configurations: {settings}}, {configurations: {…}} or {settings}.
 */
export function settingsFromBody(body: unknown): Record<string, unknown> {
  const record = (value: unknown): Record<string, unknown> | undefined =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const root = record(body) ?? {};
  const configurations = record(root.configurations);
  if (configurations) {
    const data = record(configurations.data);
    if (data && record(data.settings)) return record(data.settings)!;
    if (record(configurations.settings)) return record(configurations.settings)!;
    const { data: _data, settings: _settings, ...flat } = configurations;
    return flat;
  }
  return record(root.settings) ?? {};
}

/** Validate settings against the system's kind: only the keys sent (partial), unknown keys ignored. */
export function parseSettings(kind: SystemKind, raw: Record<string, unknown>): Record<string, unknown> {
  const result = SETTINGS_SCHEMAS[kind].safeParse(raw);
  if (!result.success) throw fromZodError(result.error);
  return Object.fromEntries(
    Object.entries(result.data as Record<string, unknown>).filter(([, value]) => value !== undefined),
  );
}

/** A new mobile number means forwarding must be set up and verified again on that phone. */
function marksAfterSettings(row: SystemRow, settings: Record<string, unknown>): SystemChanges['setup'] {
  const before = (row.settings as { mobile_number?: unknown }).mobile_number;
  if (row.name !== 'mobile' || !('mobile_number' in settings) || !before || settings.mobile_number === before)
    return undefined;
  return { forwarding_at: null, test_call_started_at: null, verified_at: null };
}

export async function updateSettings(
  deps: ManageDeps,
  businessId: string,
  systemId: string,
  userId: string,
  body: unknown,
): Promise<SystemRow> {
  const current = await requireSystem(deps, businessId, systemId);
  const settings = parseSettings(current.name, settingsFromBody(body));
  if (Object.keys(settings).length === 0) return current;
  const row = await changeSystem(deps, current.id, { settings, setup: marksAfterSettings(current, settings) });
  await recordSystemEvent(deps, row, {
    kind: 'action',
    name: 'settings.changed',
    outcome: 'ok',
    details: { keys: Object.keys(settings), by: userId },
  });
  // Switching text-back or a form's follow-up on turns its ready-made action on.
  await syncReadyMadeWithSystem(deps, row, settings);
  await publishSystem(deps, 'Updated', row);
  return row;
}

const numberTaken = () => invalid({ phone_number: [systemMessages.numberTaken] });

async function numberHeldElsewhere(deps: Pick<ApiDeps, 'db'>, phone: string, exceptId?: string) {
  const [row] = await deps.db
    .select({ id: systems.id })
    .from(systems)
    .where(and(eq(systems.phoneNumber, phone), isNull(systems.deletedAt)))
    .limit(1);
  return Boolean(row && row.id !== exceptId);
}

/** A provider failure said plainly: a number gone is the caller's 422, anything else our 502. */
function telephonyFailure(error: TelephonyError): ApiError {
  if (error.code === 'number_unavailable') return numberTaken();
  return new ApiError(502, [error.message]);
}

/**
 * Buy `phone` from the provider for an existing telephony or mobile system (setup step
 * 'number', or purchase-number with system_id). The provider points the number's webhooks at
 * this system; a number another live system holds is 422 numberTaken (and released again if
 * the provider had already sold it to us).
 */
export async function buyNumberFor(
  deps: ManageDeps,
  system: SystemRow,
  phone: string,
  userId: string,
): Promise<SystemRow> {
  if (system.name === 'leadcatcher') throw invalid({ phone_number: [systemMessages.notAPhoneSystem] });
  if (system.phoneNumber) throw invalid({ phone_number: [systemMessages.alreadyHasNumber] });
  if (await numberHeldElsewhere(deps, phone, system.id)) throw numberTaken();
  const provider = deps.telephony;
  let purchased;
  try {
    purchased = await provider.purchaseNumber(phone, webhookUrls(deps, system.id));
  } catch (error) {
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'number.purchased',
      outcome: 'failed',
      error: error instanceof Error ? error.message : String(error),
      details: { phone_number: phone, provider: provider.name },
    });
    if (error instanceof TelephonyError) throw telephonyFailure(error);
    throw error;
  }
  try {
    const row = await changeSystem(deps, system.id, {
      phoneNumber: purchased.phoneNumber,
      provider: provider.name,
      providerRef: purchased.providerRef,
    });
    await recordSystemEvent(deps, row, {
      kind: 'action',
      name: 'number.purchased',
      outcome: 'ok',
      details: {
        phone_number: purchased.phoneNumber,
        provider: provider.name,
        provider_ref: purchased.providerRef,
        by: userId,
      },
    });
    await publishSystem(deps, 'Updated', row);
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await provider.releaseNumber(purchased.providerRef).catch(() => undefined);
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'number.purchased',
      outcome: 'failed',
      error: systemMessages.numberTaken,
      details: { phone_number: phone, provider: provider.name },
    });
    throw numberTaken();
  }
}

/**
 * businesses/purchase-number: for the system named (telephony or mobile), else the oldest
 * telephony system still without a number, else a new telephony system, which is only
 * created once the provider sold the number (a refused purchase leaves nothing behind).
 */
export async function purchaseNumber(
  deps: ManageDeps,
  businessId: string,
  userId: string,
  input: { phone_number: string; system_id?: string },
): Promise<{ row: SystemRow; created: boolean }> {
  if (input.system_id) {
    const system = await requireSystem(deps, businessId, input.system_id);
    return { row: await buyNumberFor(deps, system, input.phone_number, userId), created: false };
  }
  const [waiting] = await deps.db
    .select()
    .from(systems)
    .where(
      and(
        eq(systems.businessId, businessId),
        eq(systems.name, 'telephony'),
        isNull(systems.phoneNumber),
        isNull(systems.deletedAt),
      ),
    )
    .orderBy(asc(systems.createdAt), asc(systems.id))
    .limit(1);
  if (waiting) return { row: await buyNumberFor(deps, waiting, input.phone_number, userId), created: false };

  if (await numberHeldElsewhere(deps, input.phone_number)) throw numberTaken();
  const provider = deps.telephony;
  const id = newId();
  let purchased;
  try {
    purchased = await provider.purchaseNumber(input.phone_number, webhookUrls(deps, id));
  } catch (error) {
    if (error instanceof TelephonyError) throw telephonyFailure(error);
    throw error;
  }
  const now = deps.clock.now();
  const draft: SystemRow = {
    id,
    businessId,
    name: 'telephony',
    status: 'requires_setup',
    phoneNumber: purchased.phoneNumber,
    provider: provider.name,
    providerRef: purchased.providerRef,
    settings: {},
    setup: {},
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  let row: SystemRow;
  try {
    [row] = await deps.db
      .insert(systems)
      .values({ ...draft, status: statusFor(deps, draft) })
      .returning();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await provider.releaseNumber(purchased.providerRef).catch(() => undefined);
    throw numberTaken();
  }
  await recordSystemEvent(deps, row, {
    kind: 'action',
    name: 'system.created',
    outcome: 'ok',
    details: { name: row.name, by: userId },
  });
  await recordSystemEvent(deps, row, {
    kind: 'action',
    name: 'number.purchased',
    outcome: 'ok',
    details: {
      phone_number: purchased.phoneNumber,
      provider: provider.name,
      provider_ref: purchased.providerRef,
      by: userId,
    },
  });
  await publishSystem(deps, 'Created', row);
  return { row, created: true };
}

/** list-available-numbers: the provider's numbers in a country (the business's by default). */
export async function searchNumbers(
  deps: ManageDeps,
  system: SystemRow,
  search: { country: string; area_code?: string; contains?: string },
): Promise<ApiAvailableNumber[]> {
  if (system.name === 'leadcatcher') throw new ApiError(422, [systemMessages.notAPhoneSystem]);
  try {
    return await deps.telephony.searchNumbers({
      country: search.country,
      areaCode: search.area_code,
      contains: search.contains,
    });
  } catch (error) {
    if (error instanceof TelephonyError) throw new ApiError(502, [error.message]);
    throw error;
  }
}

export async function eventCount(deps: Pick<ApiDeps, 'db'>, systemId: string): Promise<number> {
  const [row] = await deps.db.select({ total: count() }).from(systemEvents).where(eq(systemEvents.systemId, systemId));
  return Number(row?.total ?? 0);
}

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
  deps: ManageDeps,
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
async function startTestCall(deps: ManageDeps, system: SystemRow, mobile: string, userId: string): Promise<SystemRow> {
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
