import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS,
  SYSTEM_KIND_LABELS,
  systemStatusLabel,
  type SystemKind,
  type SystemSettings,
} from '#contract/schemas/system';
import type { ApiSystem, ApiSystemEvent } from '#contract/v1/systems';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { systemEvents, systems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { entityChanged } from '#api/lib/events';
import { setupSteps } from './setup';

/**
 * Systems' storage: rows, their settings (stored keys over the kind's defaults), the events
 * log and realtime. Setup steps live in setup.ts, inbound handling in inbound-*.ts.
 */
export type SystemRow = typeof systems.$inferSelect;
export type SystemDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster' | 'publicUrl'>;

export function systemSettings<K extends SystemKind>(
  row: Pick<SystemRow, 'settings'> & { name: K },
): (typeof DEFAULT_SETTINGS)[K] {
  return { ...DEFAULT_SETTINGS[row.name], ...row.settings } as (typeof DEFAULT_SETTINGS)[K];
}

export function serializeSystem(deps: Pick<ApiDeps, 'publicUrl'>, row: SystemRow): ApiSystem {
  return {
    _id: row.id,
    name: row.name,
    label: SYSTEM_KIND_LABELS[row.name],
    status: row.status === 'active' ? 'active' : 'requires_setup',
    status_label: systemStatusLabel(row.status),
    phone_number: row.phoneNumber,
    provider: row.provider === 'twilio' ? 'twilio' : 'sandbox',
    configurations: { data: { settings: systemSettings(row) as SystemSettings } },
    setup_steps: setupSteps(deps, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** A system of this business (live unless `deleted`), or undefined: another business's is never found. */
export async function findSystem(
  db: Db,
  businessId: string,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<SystemRow | undefined> {
  const [row] = await db
    .select()
    .from(systems)
    .where(
      and(
        eq(systems.id, id),
        eq(systems.businessId, businessId),
        options.deleted ? undefined : isNull(systems.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** A live system by id alone: webhooks arrive with the system id in their URL and no session. */
export async function findSystemById(db: Db, id: string): Promise<SystemRow | undefined> {
  const [row] = await db
    .select()
    .from(systems)
    .where(and(eq(systems.id, id), isNull(systems.deletedAt)))
    .limit(1);
  return row;
}

export async function listSystems(db: Db, businessId: string): Promise<SystemRow[]> {
  return db
    .select()
    .from(systems)
    .where(and(eq(systems.businessId, businessId), isNull(systems.deletedAt)))
    .orderBy(desc(systems.createdAt), desc(systems.id));
}

/** SystemCreated/Updated/Deleted on the business channel (docs/product.md#realtime: any event reloads the list). */
export async function publishSystem(
  deps: SystemDeps,
  kind: 'Created' | 'Updated' | 'Deleted',
  row: SystemRow,
): Promise<ApiSystem> {
  const record = serializeSystem(deps, row);
  await entityChanged(deps, row.businessId, 'System', kind, record);
  return record;
}

export type SystemEventInput = {
  kind: 'webhook' | 'action';
  name: string;
  outcome: ApiSystemEvent['outcome'];
  error?: string | null;
  details?: Record<string, unknown>;
};

/** Log what arrived or what was done. Never throws: a failing log must not fail the webhook it records. */
export async function recordSystemEvent(
  deps: Pick<ApiDeps, 'db' | 'clock' | 'log'>,
  system: Pick<SystemRow, 'id' | 'businessId'>,
  event: SystemEventInput,
): Promise<void> {
  try {
    await deps.db.insert(systemEvents).values({
      id: newId(),
      systemId: system.id,
      businessId: system.businessId,
      kind: event.kind,
      name: event.name,
      outcome: event.outcome,
      error: event.error ?? null,
      details: event.details ?? {},
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'system event not recorded',
      system_id: system.id,
      event: event.name,
      error: String(error),
    });
  }
}

export function serializeSystemEvent(row: typeof systemEvents.$inferSelect): ApiSystemEvent {
  return {
    _id: row.id,
    system_id: row.systemId,
    kind: row.kind,
    name: row.name,
    outcome: row.outcome as ApiSystemEvent['outcome'],
    error: row.error,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

/** Newest first; `before` pages back (created_at of the last event seen). */
export async function listSystemEvents(db: Db, systemId: string, options: { limit: number; page: number }) {
  const rows = await db
    .select()
    .from(systemEvents)
    .where(eq(systemEvents.systemId, systemId))
    .orderBy(desc(systemEvents.createdAt), desc(systemEvents.id))
    .limit(options.limit)
    .offset(options.page * options.limit);
  return rows.map(serializeSystemEvent);
}

/** The URLs a provider calls for this system's number (Twilio webhooks; PUBLIC_URL must reach this server). */
export function webhookUrls(deps: Pick<ApiDeps, 'publicUrl'>, systemId: string) {
  const base = `${(deps.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '')}/api/v1/webhooks/twilio/${encodeURIComponent(systemId)}`;
  return {
    voice: `${base}/voice`,
    gather: `${base}/voice/gather`,
    dialDone: `${base}/voice/dial-done`,
    recording: `${base}/voice/recording`,
    connect: `${base}/voice/connect`,
    sms: `${base}/sms`,
    status: `${base}/status`,
  };
}
