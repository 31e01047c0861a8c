import { and, eq, isNull } from 'drizzle-orm';
import { resolveNotificationPreferences, type NotificationEvent } from '#contract/schemas/business-settings';
import { hasPermission, type Permission } from '#contract/permissions';
import type { ApiDeps } from '#api/deps';
import { businessUsers, notifications } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { addressableName } from '../customers/records';
import { publishNotifications, type NotificationRow } from './service';
import { enqueuePushSafely } from '#api/services/push/deliveries';

export type MemberNotification = {
  businessId: string;
  /** The member preference that turns it on or off (business settings → your notifications). */
  event: NotificationEvent;
  /** Only members who may see what it is about are told (e.g. calls/view for a call). */
  permission: Permission;
  title: string;
  body?: string | null;
  customerId?: string | null;
  internalLink?: string | null;
  /** What caused it: one cause notifies each member once (unique per member, kind and source). */
  sourceId: string;
};

/**
 * Notify every member of the business who may see the item and has this event switched
 * on. Stored per member (each dismisses their own), grouped by customer on screen, and
 * published on each member's channel after the insert, and pushed when push is configured
 * (quiet hours decided per member, see api/services/push). Answers the rows created.
 */
export async function notifyMembers(
  deps: Pick<ApiDeps, 'db' | 'clock' | 'broadcaster' | 'push' | 'publicUrl' | 'log'>,
  input: MemberNotification,
): Promise<NotificationRow[]> {
  const members = await deps.db
    .select({
      userId: businessUsers.userId,
      permissions: businessUsers.permissions,
      prefs: businessUsers.notificationPrefs,
    })
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, input.businessId), isNull(businessUsers.removedAt)));
  const now = deps.clock.now();
  const values = members
    .filter(
      (member) =>
        hasPermission(member.permissions, input.permission) &&
        resolveNotificationPreferences(member.prefs).events[input.event],
    )
    .map((member) => ({
      id: newId(),
      businessId: input.businessId,
      userId: member.userId,
      kind: input.event,
      title: input.title,
      body: input.body ?? null,
      customerId: input.customerId ?? null,
      internalLink: input.internalLink ?? null,
      sourceId: input.sourceId,
      createdAt: now,
    }));
  if (values.length === 0) return [];
  const created = await deps.db.insert(notifications).values(values).onConflictDoNothing().returning();
  await publishNotifications(deps, 'Created', created);
  await enqueuePushSafely(deps, created);
  return created;
}

/** Fill {first_name}, {name}, {business_name} in an SMS or email template; unknown placeholders stay. */
export function renderTemplate(
  template: string,
  values: { first_name?: string | null; name?: string | null; business_name?: string | null },
): string {
  return template.replace(/\{(first_name|name|business_name)\}/g, (_, key: keyof typeof values) =>
    key === 'business_name' ? values.business_name?.trim() || 'us' : (addressableName(values[key]) ?? 'there'),
  );
}
