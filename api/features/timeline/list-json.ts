import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import type { Db } from '#api/db/client';
import { customers, timelineItems } from '#api/db/schema';
import { isoTime, jsonObject, nameOf, paged, readJsonPage, type JsonRows } from '#api/lib/sql-json';

const t = timelineItems;

/**
 * A page of timeline items in the v1 shape (serializeTimelineItem), each with its contact,
 * and the list's total, built by one statement (api/lib/sql-json.ts says why). The contact is joined as
 * serializeRows finds it: by id alone, deleted or not. A repeat stored as JSON null
 * counts as no repeat, as `row.repeat != null` reads it. tests/api/timeline checks the page
 * against serializeTimelineItem.
 */
export async function timelinePageJson(
  db: Db,
  page: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: JsonRows<ApiTimelineItem>; total: number }> {
  const { readLimit, inPage, totalRow } = paged(db.select({ total: count() }).from(t).where(page.where), page);
  const item = jsonObject({
    _id: t.id,
    type: t.type,
    direction: t.direction,
    status: t.status,
    from: t.from,
    to: t.to,
    customer_id: t.customerId,
    customer: sql`case when ${customers.id} is not null then ${jsonObject({
      _id: customers.id,
      name: nameOf(sql`${customers.firstName}`, sql`${customers.lastName}`),
    })} end`,
    phones_found: t.phonesFound,
    body: t.body,
    reminder: isoTime(sql`${t.reminder}`),
    repeated: sql`coalesce(${t.repeat} <> 'null'::jsonb, false)`,
    repeat: t.repeat,
    completed_at: isoTime(sql`${t.completedAt}`),
    internal: t.internal,
    details: t.details,
    assigned_to: t.assignedTo,
    created_by: t.createdBy,
    sort_at: isoTime(sql`${t.sortAt}`),
    created_at: isoTime(sql`${t.createdAt}`),
    updated_at: isoTime(sql`${t.updatedAt}`),
    deleted_at: isoTime(sql`${t.deletedAt}`),
  });
  const rows = db
    .select({
      item: item.as('item'),
      ord: sql`row_number() over (order by ${sql.join(page.orderBy, sql`, `)})`.as('ord'),
    })
    .from(t)
    .leftJoin(customers, eq(customers.id, t.customerId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(readLimit)
    .offset(page.offset);
  return readJsonPage<ApiTimelineItem>(
    db,
    sql`with page as (${rows}), ${totalRow}
    select page.item::text as item, list_total.total from list_total left join page on ${inPage} order by page.ord`,
  );
}
