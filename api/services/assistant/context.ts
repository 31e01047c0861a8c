import { and, asc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { productFromMemory } from '#contract/products';
import { resolveBusinessSettings } from '#contract/schemas/business-settings';
import type { Db } from '#api/db/client';
import { businesses, customers, memories, services } from '#api/db/schema';
import { notFound } from '#api/lib/errors';
import { displayName } from '#api/features/customers/records';
import type { BusinessContext, CustomerFact } from './types';

/** A shop's catalogue the assistant can take orders from; beyond it, products are still found by the knowledge search. */
const PRODUCTS_MAX = 200;

/** Businesses whose context one database's cache keeps (the least recently asked is dropped first). */
const CACHED_BUSINESSES = 256;

type CachedContext = { version: string; context: BusinessContext };
/** Per database (tests and tools open several in one process), then per business. */
const caches = new WeakMap<object, Map<string, CachedContext>>();

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * A fingerprint of every row the context is read from: the business row, all its services
 * and all its product memories, whatever their status. PostgreSQL gives every new row
 * version a new xmin (the writing transaction's id, which only grows), so any insert,
 * update, soft or hard delete of one of those rows, by any code on any server instance,
 * changes it; the ids' hashes tell a row swapped for another. One indexed scalar subquery
 * instead of reading the three and mapping them (a turn reads it inside the statement that
 * stores the question, turn-rows.ts). Null when the business does not exist.
 */
export function contextVersionSql(businessId: SQLWrapper | string): SQL<string | null> {
  return sql<string | null>`(
    select b.xmin::text
      || '/' || (select count(*) || ':' || coalesce(sum(s.xmin::text::bigint), 0) || ':' || coalesce(sum(hashtext(s.id)), 0)
           from services s where s.business_id = b.id)
      || '/' || (select count(*) || ':' || coalesce(sum(m.xmin::text::bigint), 0) || ':' || coalesce(sum(hashtext(m.id)), 0)
           from memories m where m.business_id = b.id and m.type = 'product')
    from businesses b where b.id = ${businessId}
  )`;
}

async function contextVersion(db: Db, businessId: string): Promise<string | null> {
  const [row] = rowsOf<{ version: string | null }>(
    await db.execute(sql`select ${contextVersionSql(businessId)} as version`),
  );
  return row?.version ?? null;
}

/** Frozen, so one turn cannot change what the next turn (or another caller) is given. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * What the assistant knows about the business before it searches anything, for every
 * message. Kept per business and database while its fingerprint (contextVersion) is
 * unchanged, so a turn makes one statement for it instead of three; a change to the
 * business's settings (hours, assistant), services or products, made anywhere, is seen by
 * the very next message. The fingerprint is read before the rows, so a write between the
 * two can only cause one extra read, never a stale context.
 */
export async function loadBusinessContext(
  db: Db,
  businessId: string,
  /** The fingerprint when a statement of the caller's already read it (contextVersionSql): one statement fewer. */
  knownVersion?: string | null,
): Promise<BusinessContext> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const version = knownVersion ?? (await contextVersion(db, businessId));
  if (version === null) throw notFound('The business');
  const known = cache.get(businessId);
  cache.delete(businessId);
  if (known?.version === version) {
    cache.set(businessId, known);
    return known.context;
  }
  const context = deepFreeze(structuredClone(await readBusinessContext(db, businessId)));
  if (cache.size >= CACHED_BUSINESSES) cache.delete(cache.keys().next().value!);
  cache.set(businessId, { version, context });
  return context;
}

/** The business, its active services and its active products, read afresh. */
async function readBusinessContext(db: Db, businessId: string): Promise<BusinessContext> {
  // Three independent reads, side by side (they overlap on a pool of connections).
  const [[business], rows, products] = await Promise.all([
    db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1),
    db
      .select()
      .from(services)
      .where(and(eq(services.businessId, businessId), eq(services.status, 'active'), isNull(services.deletedAt)))
      .orderBy(asc(services.name), asc(services.id)),
    db
      .select({ id: memories.id, title: memories.title, content: memories.content, meta: memories.meta })
      .from(memories)
      .where(
        and(
          eq(memories.businessId, businessId),
          eq(memories.type, 'product'),
          eq(memories.status, 'active'),
          isNull(memories.deletedAt),
        ),
      )
      .orderBy(asc(memories.title), asc(memories.id))
      .limit(PRODUCTS_MAX),
  ]);
  if (!business) throw notFound('The business');
  return {
    id: business.id,
    name: business.name,
    email: business.email,
    telephones: business.telephones,
    address: business.address,
    country: business.country,
    settings: resolveBusinessSettings(business.settings, business.timezone),
    services: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      description: row.description,
      price: row.price,
      frequency: row.frequency,
    })),
    products: products.map((row) =>
      productFromMemory({ _id: row.id, title: row.title, content: row.content, meta: row.meta }),
    ),
  };
}

/** A live contact of this business, as the assistant sees it. */
export async function loadCustomerFact(
  db: Db,
  businessId: string,
  customerId: string | null,
): Promise<CustomerFact | null> {
  if (!customerId) return null;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.businessId, businessId), isNull(customers.deletedAt)))
    .limit(1);
  if (!row) return null;
  return { _id: row.id, name: displayName(row), phones: row.phones, emails: row.emails, status: row.status };
}
