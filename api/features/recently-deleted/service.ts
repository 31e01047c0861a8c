import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { MEMORY_TYPE_LABELS, type MemoryType } from '#contract/schemas/memory';
import type { DeletedKind } from '#contract/recently-deleted-kinds';
import type { ApiDeletedList, ApiDeletedRow } from '#contract/v1/recently-deleted';
import { SYSTEM_KIND_LABELS } from '#contract/schemas/system';
import type { Db } from '#api/db/client';
import {
  businesses,
  businessUsers,
  customers,
  memories,
  services,
  systems,
  timelineItems,
  users,
} from '#api/db/schema';
import { customerName } from '../timeline/records';

/**
 * The deleted rows of one list, newest deletion first, in the one shape the "Recently
 * deleted" page shows: a title and a second line the live list would show, and when it was
 * deleted. Only rows the kind's restore call accepts are listed (a contact merged into
 * another cannot be restored; a removed member who is a member again already is one).
 */
type Page = { limit: number; offset: number };
type Found = { rows: ApiDeletedRow[]; total: number };

const PREVIEW = 80;
const preview = (text: string | null | undefined) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW ? `${flat.slice(0, PREVIEW - 1)}…` : flat;
};
const joined = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;

async function customersDeleted(db: Db, businessId: string, page: Page): Promise<Found> {
  const where = and(
    eq(customers.businessId, businessId),
    isNotNull(customers.deletedAt),
    isNull(customers.mergedIntoId),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.deletedAt), desc(customers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      _id: row.id,
      title: customerName(row),
      detail: joined([row.phones[0], row.emails[0]]),
      deleted_at: row.deletedAt!.toISOString(),
    })),
  };
}

const TIMELINE_TYPE = { notes: 'note', calls: 'call', sms: 'sms', forms: 'form' } as const;

async function timelineDeleted(
  db: Db,
  businessId: string,
  kind: keyof typeof TIMELINE_TYPE,
  page: Page,
): Promise<Found> {
  const where = and(
    eq(timelineItems.businessId, businessId),
    eq(timelineItems.type, TIMELINE_TYPE[kind]),
    isNotNull(timelineItems.deletedAt),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ item: timelineItems, firstName: customers.firstName, lastName: customers.lastName })
      .from(timelineItems)
      .leftJoin(customers, eq(customers.id, timelineItems.customerId))
      .where(where)
      .orderBy(desc(timelineItems.deletedAt), desc(timelineItems.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(timelineItems).where(where),
  ]);
  return {
    total,
    rows: rows.map(({ item, firstName, lastName }) => {
      const who = firstName ? customerName({ firstName, lastName }) : null;
      const number = item.direction === 'outbound' ? item.to : item.from;
      if (kind === 'notes') {
        return {
          _id: item.id,
          title: preview(item.body) || 'Empty note',
          detail: joined([item.reminder ? 'Task' : 'Note', who]),
          deleted_at: item.deletedAt!.toISOString(),
        };
      }
      return {
        _id: item.id,
        title: who ?? number ?? 'Unknown',
        detail:
          preview(item.body) || joined([item.direction === 'outbound' ? 'Outbound' : 'Inbound', who ? number : null]),
        deleted_at: item.deletedAt!.toISOString(),
      };
    }),
  };
}

async function servicesDeleted(db: Db, businessId: string, page: Page): Promise<Found> {
  const where = and(eq(services.businessId, businessId), isNotNull(services.deletedAt));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(services)
      .where(where)
      .orderBy(desc(services.deletedAt), desc(services.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(services).where(where),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      _id: row.id,
      title: row.name,
      detail: joined([row.price, preview(row.description)]),
      deleted_at: row.deletedAt!.toISOString(),
    })),
  };
}

async function memoriesDeleted(db: Db, businessId: string, page: Page): Promise<Found> {
  const where = and(eq(memories.businessId, businessId), isNotNull(memories.deletedAt));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(memories)
      .where(where)
      .orderBy(desc(memories.deletedAt), desc(memories.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(memories).where(where),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      _id: row.id,
      title: row.title || row.fileName || preview(row.content) || 'Untitled',
      detail: MEMORY_TYPE_LABELS[row.type as MemoryType] ?? row.type,
      deleted_at: row.deletedAt!.toISOString(),
    })),
  };
}

async function systemsDeleted(db: Db, businessId: string, page: Page): Promise<Found> {
  const where = and(eq(systems.businessId, businessId), isNotNull(systems.deletedAt));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(systems)
      .where(where)
      .orderBy(desc(systems.deletedAt), desc(systems.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(systems).where(where),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      _id: row.id,
      title: SYSTEM_KIND_LABELS[row.name],
      detail: row.phoneNumber,
      deleted_at: row.deletedAt!.toISOString(),
    })),
  };
}

async function membersRemoved(db: Db, businessId: string, page: Page): Promise<Found> {
  // A user removed twice shows once (their latest membership); one who is a member again, or
  // who deleted their account, has nothing to restore.
  const where: SQL = and(
    eq(businessUsers.businessId, businessId),
    isNotNull(businessUsers.removedAt),
    isNull(users.deletedAt),
    sql`not exists (select 1 from ${businessUsers} other where other.business_id = ${businessUsers.businessId} and other.user_id = ${businessUsers.userId}
      and (other.removed_at is null or other.removed_at > ${businessUsers.removedAt} or (other.removed_at = ${businessUsers.removedAt} and other.id > ${businessUsers.id})))`,
  )!;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ member: businessUsers, name: users.name, email: users.email })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(where)
      .orderBy(desc(businessUsers.removedAt), desc(businessUsers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(businessUsers).innerJoin(users, eq(users.id, businessUsers.userId)).where(where),
  ]);
  return {
    total,
    rows: rows.map(({ member, name, email }) => ({
      _id: member.id,
      title: name,
      detail: email,
      deleted_at: member.removedAt!.toISOString(),
    })),
  };
}

export async function listDeleted(
  db: Db,
  businessId: string,
  kind: DeletedKind,
  filters: { page: number; limit: number },
): Promise<ApiDeletedList> {
  const page = { limit: filters.limit, offset: filters.page * filters.limit };
  let found: Found;
  switch (kind) {
    case 'customers':
      found = await customersDeleted(db, businessId, page);
      break;
    case 'notes':
    case 'calls':
    case 'sms':
    case 'forms':
      found = await timelineDeleted(db, businessId, kind, page);
      break;
    case 'services':
      found = await servicesDeleted(db, businessId, page);
      break;
    case 'memories':
      found = await memoriesDeleted(db, businessId, page);
      break;
    case 'systems':
      found = await systemsDeleted(db, businessId, page);
      break;
    case 'members':
      found = await membersRemoved(db, businessId, page);
      break;
  }
  return { deleted: found.rows, total: found.total, page: filters.page, limit: filters.limit };
}

/**
 * The deleted businesses the caller may restore: those they are still an admin of (restore is
 * admin only, as delete is). Other members lost the business with its deletion.
 */
export async function listDeletedBusinesses(
  db: Db,
  userId: string,
  filters: { page: number; limit: number },
): Promise<ApiDeletedList> {
  const where = and(
    eq(businessUsers.userId, userId),
    isNull(businessUsers.removedAt),
    isNotNull(businesses.deletedAt),
    sql`${businessUsers.permissions} @> '["admin"]'::jsonb`,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ business: businesses })
      .from(businessUsers)
      .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
      .where(where)
      .orderBy(desc(businesses.deletedAt), desc(businesses.id))
      .limit(filters.limit)
      .offset(filters.page * filters.limit),
    db
      .select({ total: count() })
      .from(businessUsers)
      .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
      .where(where),
  ]);
  return {
    deleted: rows.map(({ business }) => ({
      _id: business.id,
      title: business.name,
      detail: business.email,
      deleted_at: business.deletedAt!.toISOString(),
    })),
    total,
    page: filters.page,
    limit: filters.limit,
  };
}
