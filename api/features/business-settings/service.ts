import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiBusinessSettings } from '#contract/envelope';
import {
  resolveBusinessSettings,
  resolveNotificationPreferences,
  type AssistantSettings,
  type NotificationPreferences,
  type BusinessSettings,
  type businessSettingsSetSchema,
  type HoursOverwrite,
  type StoredBusinessSettings,
} from '#contract/schemas/business-settings';
import type { ApiDeps } from '#api/deps';
import { businesses, businessUsers } from '#api/db/schema';
import type { UserRow } from '#api/lib/context';
import { newId } from '#api/lib/crypto';
import { notFound } from '#api/lib/errors';
import { businessChanged, userUpdated } from '#api/lib/events';

/**
 * Business settings (businesses/settings/{id}/get|set): opening hours, their overwrites,
 * the timezone (the business's own column) and the assistant's settings. The assistant
 * reads them afresh on every message, so a change takes effect on the next one.
 */
export type BusinessSettingsInput = z.output<typeof businessSettingsSetSchema>;
type BusinessRow = typeof businesses.$inferSelect;

/** What this server can offer besides the settings themselves, and the caller's own notification preferences. */
export function withAvailability(
  deps: Pick<ApiDeps, 'assistantModel' | 'speech'>,
  settings: BusinessSettings,
  notifications: NotificationPreferences = resolveNotificationPreferences(null),
): ApiBusinessSettings {
  return {
    ...settings,
    model_available: Boolean(deps.assistantModel),
    voice_available: Boolean(deps.speech?.stt && deps.speech?.tts),
    notifications,
  };
}

/** One member's notification preferences in one business (defaults for anything never set). */
export async function getNotificationPreferences(
  deps: Pick<ApiDeps, 'db'>,
  businessId: string,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await deps.db
    .select({ prefs: businessUsers.notificationPrefs })
    .from(businessUsers)
    .where(
      and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId), isNull(businessUsers.removedAt)),
    )
    .limit(1);
  return resolveNotificationPreferences(row?.prefs);
}

/** Save the caller's own preferences: only the keys sent change. UserUpdated tells their other sessions. */
export async function setNotificationPreferences(
  deps: ApiDeps,
  businessId: string,
  input: NonNullable<BusinessSettingsInput['notifications']>,
  actor: UserRow,
): Promise<NotificationPreferences> {
  const saved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(businessUsers)
      .where(
        and(
          eq(businessUsers.businessId, businessId),
          eq(businessUsers.userId, actor.id),
          isNull(businessUsers.removedAt),
        ),
      )
      .for('update');
    if (!row) throw notFound('The business');
    const current = resolveNotificationPreferences(row.notificationPrefs);
    const events = { ...current.events };
    for (const [event, on] of Object.entries(input.events ?? {}))
      if (on !== undefined) events[event as keyof typeof events] = on;
    const quiet = { ...current.quiet_hours };
    for (const [key, value] of Object.entries(input.quiet_hours ?? {}))
      if (value !== undefined) (quiet as Record<string, unknown>)[key] = value;
    const summary = { ...current.daily_summary };
    for (const [key, value] of Object.entries(input.daily_summary ?? {}))
      if (value !== undefined) (summary as Record<string, unknown>)[key] = value;
    const next: NotificationPreferences = { events, quiet_hours: quiet, daily_summary: summary };
    await tx
      .update(businessUsers)
      .set({ notificationPrefs: next, updatedAt: deps.clock.now() })
      .where(eq(businessUsers.id, row.id));
    return next;
  });
  await userUpdated(deps, actor);
  return saved;
}

export function settingsOf(business: Pick<BusinessRow, 'settings' | 'timezone'>): BusinessSettings {
  return resolveBusinessSettings(business.settings, business.timezone);
}

/** Overwrites keep their _id; new ones get one. Sorted by date (then start), so lists read in order. */
function withIds(overwrites: BusinessSettingsInput['overwrites'] & object): HoursOverwrite[] {
  const seen = new Set<string>();
  return overwrites
    .map((entry) => {
      const id = entry._id && !seen.has(entry._id) ? entry._id : newId();
      seen.add(id);
      return {
        _id: id,
        all_day: entry.all_day,
        date: entry.date,
        start: entry.start,
        end: entry.end,
        status: entry.status,
        note: entry.note ?? null,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
}

/** The stored settings with only the keys that were sent changed. */
export function mergeSettings(stored: StoredBusinessSettings, input: BusinessSettingsInput): StoredBusinessSettings {
  const next: StoredBusinessSettings = { ...stored };
  if (input.opening_hours !== undefined) next.opening_hours = input.opening_hours;
  if (input.overwrites !== undefined) next.overwrites = withIds(input.overwrites);
  if (input.assistant !== undefined) {
    const assistant: Partial<AssistantSettings> = { ...(stored.assistant ?? {}) };
    for (const [key, value] of Object.entries(input.assistant) as [keyof AssistantSettings, unknown][]) {
      if (value !== undefined) (assistant as Record<string, unknown>)[key] = value;
    }
    next.assistant = assistant;
  }
  return next;
}

/** The settings as `viewer` sees them (their own notification preferences included). */
export async function getBusinessSettings(
  deps: ApiDeps,
  businessId: string,
  viewerId?: string,
): Promise<ApiBusinessSettings> {
  const [row] = await deps.db
    .select({ settings: businesses.settings, timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!row) throw notFound('The business');
  const notifications = viewerId ? await getNotificationPreferences(deps, businessId, viewerId) : undefined;
  return withAvailability(deps, settingsOf(row), notifications);
}

/**
 * Saves the keys sent (the row locked, so two saves of different keys both land) and
 * publishes BusinessUpdated like every business write.
 */
export async function setBusinessSettings(
  deps: ApiDeps,
  businessId: string,
  input: BusinessSettingsInput,
  actor: UserRow,
): Promise<ApiBusinessSettings> {
  const business = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
    if (!current) throw notFound('The business');
    const [updated] = await tx
      .update(businesses)
      .set({
        settings: mergeSettings(current.settings ?? {}, input),
        timezone: input.timezone ?? undefined,
        updatedAt: deps.clock.now(),
      })
      .where(eq(businesses.id, businessId))
      .returning();
    return updated;
  });
  await businessChanged(deps, 'Updated', business as BusinessRow, actor);
  return withAvailability(deps, settingsOf(business), await getNotificationPreferences(deps, businessId, actor.id));
}
