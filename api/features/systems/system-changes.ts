import { eq } from 'drizzle-orm';
import type { ApiDeps } from '#api/deps';
import { systems } from '#api/db/schema';
import { notFound } from '#api/lib/errors';
import { statusFor, type SetupMarks } from './setup';
import { findSystem, type SystemRow } from './store';

/**
 * Reading and changing one system row for the systems calls: found in its business or 404,
 * and changed under a row lock with its status recomputed from the setup steps.
 */
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

export type SystemChanges = {
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

/** A new mobile number means forwarding must be set up and verified again on that phone. */
export function marksAfterSettings(row: SystemRow, settings: Record<string, unknown>): SystemChanges['setup'] {
  const before = (row.settings as { mobile_number?: unknown }).mobile_number;
  if (row.name !== 'mobile' || !('mobile_number' in settings) || !before || settings.mobile_number === before)
    return undefined;
  return { forwarding_at: null, test_call_started_at: null, verified_at: null };
}
