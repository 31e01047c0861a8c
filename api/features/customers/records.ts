import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApiCustomer } from '#contract/envelope';
import type { ListFilters } from '#contract/schemas/list';
import type { CustomerStatus } from '#contract/schemas/customer';
import type { Db } from '#api/db/client';
import { customers, type Address } from '#api/db/schema';
import { listQuery } from '#api/lib/list';
import { anyText } from '#api/lib/sql-any';
import { smsOptOutsOf } from '../systems/sms-opt-outs';
import { customersPageJson, withDuplicates } from './list-json';

/**
 * Reading customers: serialisation to the v1 shape (with the duplicates flag), one-record
 * lookups scoped to a business, and the list query. The writes live in customers.ts.
 */
export type CustomerRow = typeof customers.$inferSelect;
export type Duplicate = ApiCustomer['duplicates'][number];

/**
 * A name to address the person by, or null: a contact created from a call, SMS or form
 * without a name is named after its phone or email, which reads badly in "Hi +4411…".
 */
export const addressableName = (name: string | null | undefined): string | null => {
  const trimmed = name?.trim();
  return trimmed && !/^[+\d\s().-]+$/.test(trimmed) && !trimmed.includes('@') ? trimmed : null;
};

export const displayName = (row: Pick<CustomerRow, 'firstName' | 'lastName'>): string =>
  [row.firstName, row.lastName].filter(Boolean).join(' ');

export function serializeCustomer(
  row: CustomerRow,
  duplicates: Duplicate[] = [],
  optOuts: Map<string, Date> = new Map(),
): ApiCustomer {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name: displayName(row),
    status: row.status,
    emails: row.emails,
    phones: row.phones,
    addresses: row.addresses,
    duplicates,
    sms_opt_outs: row.phones.flatMap((phone) =>
      optOuts.has(phone) ? [{ phone, at: optOuts.get(phone)!.toISOString() }] : [],
    ),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** db.execute answers { rows } on node-postgres and on PGlite; accept a bare array too. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The other live contacts of the business sharing a phone or an email with each of `ids`
 * (merge candidates). One query for a whole page: each side's phones and emails are
 * unnested and joined on equal values, so it is a hash join, not a pairwise comparison.
 * The contacts in `ids` may themselves be deleted (a delete answers the record as it was).
 */
export async function loadDuplicates(db: Db, businessId: string, ids: string[]): Promise<Map<string, Duplicate[]>> {
  const found = new Map<string, Duplicate[]>();
  if (ids.length === 0) return found;
  const result = await db.execute(sql`
    with mine as (
      select id, 'phone' as reason, jsonb_array_elements_text(phones) as value from customers where ${anyText(customers.id, ids)}
      union all
      select id, 'email' as reason, jsonb_array_elements_text(emails) as value from customers where ${anyText(customers.id, ids)}
    ), theirs as (
      select id, 'phone' as reason, jsonb_array_elements_text(phones) as value from customers where business_id = ${businessId} and deleted_at is null
      union all
      select id, 'email' as reason, jsonb_array_elements_text(emails) as value from customers where business_id = ${businessId} and deleted_at is null
    )
    select mine.id as customer_id, theirs.id as duplicate_id, max(mine.reason) as reason, other.first_name, other.last_name
    from mine
    join theirs on theirs.value = mine.value and theirs.reason = mine.reason and theirs.id <> mine.id
    join customers other on other.id = theirs.id
    group by mine.id, theirs.id, other.first_name, other.last_name
    order by other.first_name, other.last_name, theirs.id
  `);
  type Row = {
    customer_id: string;
    duplicate_id: string;
    reason: 'phone' | 'email';
    first_name: string;
    last_name: string | null;
  };
  for (const row of rowsOf<Row>(result)) {
    const list = found.get(row.customer_id) ?? [];
    // 'phone' sorts after 'email', so max() names the phone when both are shared.
    list.push({
      _id: row.duplicate_id,
      name: displayName({ firstName: row.first_name, lastName: row.last_name }),
      reason: row.reason,
    });
    found.set(row.customer_id, list);
  }
  return found;
}

/** Strings in the database's byte order (C collation), nulls last as in an ascending `order by`. */
const byteOrder = (a: string | null, b: string | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * loadDuplicates without SQL, for a page that holds every live contact of its business (an
 * unfiltered list page that ends the list): the candidates are then among its own records.
 * Same answer: one entry per other contact, 'phone' when a phone is shared, ordered by first
 * name, last name and id.
 */
export function duplicatesAmong(records: ApiCustomer[]): Map<string, Duplicate[]> {
  const holders = new Map<string, ApiCustomer[]>();
  const values = (record: ApiCustomer) => [
    ...record.phones.map((value) => `phone:${value}`),
    ...record.emails.map((value) => `email:${value}`),
  ];
  for (const record of records)
    for (const key of new Set(values(record))) {
      const list = holders.get(key);
      if (list) list.push(record);
      else holders.set(key, [record]);
    }
  const found = new Map<string, Duplicate[]>();
  for (const record of records) {
    const others = new Map<string, { other: ApiCustomer; reason: Duplicate['reason'] }>();
    for (const key of values(record)) {
      const reason = key.startsWith('phone:') ? 'phone' : 'email';
      for (const other of holders.get(key) ?? []) {
        if (other._id === record._id) continue;
        if (others.get(other._id)?.reason !== 'phone') others.set(other._id, { other, reason });
      }
    }
    if (others.size === 0) continue;
    const sorted = [...others.values()].sort(
      (a, b) =>
        byteOrder(a.other.first_name, b.other.first_name) ||
        byteOrder(a.other.last_name, b.other.last_name) ||
        byteOrder(a.other._id, b.other._id),
    );
    found.set(
      record._id,
      sorted.map(({ other, reason }) => ({ _id: other._id, name: other.name, reason })),
    );
  }
  return found;
}

/** The v1 shape of `rows`. */
export async function serializeCustomers(db: Db, businessId: string, rows: CustomerRow[]): Promise<ApiCustomer[]> {
  const duplicates = await loadDuplicates(
    db,
    businessId,
    rows.map((row) => row.id),
  );
  const optOuts = await smsOptOutsOf(db, businessId, [...new Set(rows.flatMap((row) => row.phones))]);
  return rows.map((row) => serializeCustomer(row, duplicates.get(row.id) ?? [], optOuts));
}

export async function serializeOne(db: Db, row: CustomerRow): Promise<ApiCustomer> {
  const [customer] = await serializeCustomers(db, row.businessId, [row]);
  return customer;
}

/** A contact of this business; live ones only unless `deleted` says otherwise. */
export async function findCustomer(
  db: Db,
  businessId: string,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.id, id),
        eq(customers.businessId, businessId),
        options.deleted ? sql`${customers.deletedAt} is not null` : isNull(customers.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Escape LIKE wildcards so a search for "50%" means the text 50%. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * What a search box matches: first and last name (and the two together), any email, any
 * phone; typed digits also match a phone whatever its spacing ("07700 900" finds +447700900…).
 */
function searchCondition(search: string): SQL | undefined {
  const pattern = likePattern(search);
  const conditions: (SQL | undefined)[] = [
    ilike(customers.firstName, pattern),
    ilike(customers.lastName, pattern),
    sql`(${customers.firstName} || ' ' || coalesce(${customers.lastName}, '')) ilike ${pattern}`,
    sql`exists (select 1 from jsonb_array_elements_text(${customers.emails}) as email(value) where email.value ilike ${pattern})`,
    sql`exists (select 1 from jsonb_array_elements_text(${customers.phones}) as phone(value) where phone.value ilike ${pattern})`,
  ];
  const digits = search.replace(/\D/g, '');
  if (/^[\d\s()+\-.]+$/.test(search) && digits.length >= 3) {
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements_text(${customers.phones}) as phone(value) where regexp_replace(phone.value, '\\D', '', 'g') like ${`%${digits}%`})`,
    );
  }
  return or(...conditions);
}

export type CustomerListFilters = ListFilters & { search?: string; status?: CustomerStatus };

const sortable = {
  updated_at: customers.updatedAt,
  created_at: customers.createdAt,
  first_name: customers.firstName,
  last_name: customers.lastName,
  status: customers.status,
};

/** A page of the business's live contacts, newest update first by default (docs/product.md#limits). */
export async function listCustomers(db: Db, businessId: string, filters: CustomerListFilters) {
  const query = listQuery(filters, {
    sortable,
    defaultSort: 'updated_at',
    createdAt: customers.createdAt,
    tieBreaker: customers.id,
  });
  const where = and(
    eq(customers.businessId, businessId),
    isNull(customers.deletedAt),
    query.where,
    filters.status ? eq(customers.status, filters.status) : undefined,
    filters.search ? searchCondition(filters.search) : undefined,
  );
  const { rows, total } = await customersPageJson(db, businessId, {
    where,
    orderBy: query.orderBy,
    limit: query.limit,
    offset: query.offset,
  });
  const records = rows.parse();
  // A first page that ends the list, without filters, is every live contact of the business.
  const wholeList =
    !query.where && !filters.status && !filters.search && query.offset === 0 && total === records.length;
  const duplicates = wholeList
    ? duplicatesAmong(records)
    : await loadDuplicates(
        db,
        businessId,
        records.map((record) => record._id),
      );
  return { customers: withDuplicates(rows, duplicates), total, page: query.page, limit: query.limit };
}

/**
 * What a contact picker lists: id and display name of the business's live contacts, newest
 * update first (as the list), matching `search` like the list's search box. One statement:
 * a picker needs no total, duplicates or opt-outs.
 */
export async function listCustomerOptions(db: Db, businessId: string, filters: { limit: number; search?: string }) {
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(
      and(
        eq(customers.businessId, businessId),
        isNull(customers.deletedAt),
        filters.search ? searchCondition(filters.search) : undefined,
      ),
    )
    .orderBy(desc(customers.updatedAt), desc(customers.id))
    .limit(filters.limit);
  return rows.map((row) => ({ _id: row.id, name: displayName(row) }));
}

/**
 * Addresses already on the business's live contacts that contain every word typed
 * (in any of their fields), for the address input's suggestions.
 */
export async function knownAddresses(db: Db, businessId: string, text: string, limit = 5): Promise<Address[]> {
  const words = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return [];
  const haystack = sql`concat_ws(' ', address.value->>'line_1', address.value->>'city', address.value->>'state', address.value->>'postcode', address.value->>'country')`;
  const result = await db.execute(sql`
    select distinct address.value as address
    from customers, jsonb_array_elements(customers.addresses) as address(value)
    where customers.business_id = ${businessId} and customers.deleted_at is null
      and ${sql.join(
        words.map((word) => sql`${haystack} ilike ${likePattern(word)}`),
        sql` and `,
      )}
    limit ${limit}
  `);
  return rowsOf<{ address: Address | string }>(result).map((row) =>
    typeof row.address === 'string' ? (JSON.parse(row.address) as Address) : row.address,
  );
}
