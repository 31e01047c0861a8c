import { count, eq } from 'drizzle-orm';
import { SETTINGS_SCHEMAS, type SystemKind } from '#contract/schemas/system';
import type { ApiDeps } from '#api/deps';
import { systemEvents, systems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { fromZodError } from '#api/lib/errors';
import { isUniqueViolation } from '#api/lib/db-errors';
import { syncReadyMadeWithSystem } from '../actions/ready-made';
import { statusFor } from './setup';
import { listSystems, publishSystem, recordSystemEvent, type SystemRow } from './store';
import { changeSystem, marksAfterSettings, requireSystem } from './system-changes';

export { requireSystem, systemNotFound, changeSystem } from './system-changes';
export { buyNumberFor, purchaseNumber, searchNumbers } from './numbers';
export { submitSetupStep, type SetupResult } from './setup-submit';

/**
 * The systems calls' business logic (api/features/systems): create, settings, delete and
 * restore, here; buying a number in numbers.ts, setup steps in setup-submit.ts, one row's
 * lookup and locked change in system-changes.ts, outbound calls and SMS in outbound.ts.
 * Every write records a system event ('action'), recomputes the status from the setup steps
 * and publishes SystemCreated/Updated/Deleted.
 */
export type ManageDeps = ApiDeps;

export async function listBusinessSystems(deps: Pick<ApiDeps, 'db'>, businessId: string) {
  const rows = await listSystems(deps.db, businessId);
  return { rows, total: rows.length };
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

export async function eventCount(deps: Pick<ApiDeps, 'db'>, systemId: string): Promise<number> {
  const [row] = await deps.db.select({ total: count() }).from(systemEvents).where(eq(systemEvents.systemId, systemId));
  return Number(row?.total ?? 0);
}
