import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { EntityEventKind } from '#contract/realtime';
import type { ListFilters } from '#contract/schemas/list';
import type { OrderInput, OrderSource, OrderStatus } from '#contract/schemas/order';
import type { ApiOrder } from '#contract/v1/orders';
import type { Db } from '#api/db/client';
import type { ApiDeps } from '#api/deps';
import { customers, memories, orders } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { invalid, notFound } from '#api/lib/errors';
import { entityChanged } from '#api/lib/events';
import { listQuery } from '#api/lib/list';
import { displayName, findCustomer } from '../customers/records';
import { notifyMembers } from '../notifications/notify-members';
import { linesSummary, tellCustomerAboutOrder } from './messages';
import type { CustomerMessageDeps } from '../systems/customer-messages';
import { emitOutgoingEvent } from '../outgoing-webhooks/deliveries';

/**
 * Orders customers placed: by hand on the orders page, or taken by the assistant
 * on a call, SMS or chat. Every write checks that the customer and the product lines belong
 * to this business and publishes Order<Kind> once committed; a new order notifies the team
 * (new_order), and a confirm or cancel can tell the customer (api/features/orders/messages.ts).
 */
/** What a create, delete or restore needs (the assistant takes orders with just these); an update may also message the customer. */
export type OrderDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster' | 'push' | 'publicUrl' | 'log'>;
export type OrderUpdateDeps = OrderDeps & CustomerMessageDeps;
export type OrderRow = typeof orders.$inferSelect;
type CustomerRef = { id: string; firstName: string; lastName: string | null } | null | undefined;

export type OrderPatch = Partial<OrderInput> & { notify_customer?: boolean };
export type OrderListFilters = ListFilters & { search?: string; status?: OrderStatus; customer_id?: string };
export type OrderOptions = { source?: OrderSource; conversationId?: string | null; createdBy?: string | null };

const orderNotFound = () => notFound('The order');
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const CUSTOMER_NOT_FOUND = { customer_id: ['Customer not found.'] };

export function serializeOrder(row: OrderRow, customer: CustomerRef): ApiOrder {
  return {
    _id: row.id,
    customer_id: row.customerId,
    customer: customer ? { _id: customer.id, name: displayName(customer) } : null,
    status: row.status,
    lines: row.lines,
    notes: row.notes,
    source: row.source as OrderSource,
    conversation_id: row.conversationId,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    fulfilled_at: row.fulfilledAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** The orders with their customers' names (a deleted customer still names its old orders). */
async function serializeOrders(db: Db, rows: OrderRow[]): Promise<ApiOrder[]> {
  const ids = [...new Set(rows.map((row) => row.customerId))];
  const found = ids.length
    ? await db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(inArray(customers.id, ids))
    : [];
  const byId = new Map(found.map((customer) => [customer.id, customer]));
  return rows.map((row) => serializeOrder(row, byId.get(row.customerId)));
}

export async function serializeOneOrder(db: Db, row: OrderRow): Promise<ApiOrder> {
  const [order] = await serializeOrders(db, [row]);
  return order;
}

/** An order of this business; live ones only unless `deleted` says otherwise. */
export async function findOrder(
  db: Db,
  businessId: string,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.businessId, businessId),
        options.deleted ? sql`${orders.deletedAt} is not null` : isNull(orders.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Escape LIKE wildcards so a search for "50%" means the text 50%. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const sortable = { created_at: orders.createdAt, updated_at: orders.updatedAt, status: orders.status };

/** A page of the business's live orders, newest first by default; search matches notes, product names and the customer's name. */
export async function listOrders(db: Db, businessId: string, filters: OrderListFilters) {
  const query = listQuery(filters, {
    sortable,
    defaultSort: 'created_at',
    createdAt: orders.createdAt,
    tieBreaker: orders.id,
  });
  const pattern = filters.search ? likePattern(filters.search) : undefined;
  const customerName = sql`coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, '')`;
  const where = and(
    eq(orders.businessId, businessId),
    isNull(orders.deletedAt),
    query.where,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.customer_id ? eq(orders.customerId, filters.customer_id) : undefined,
    pattern
      ? or(
          ilike(orders.notes, pattern),
          sql`exists (select 1 from jsonb_array_elements(${orders.lines}) line where line->>'name' ilike ${pattern})`,
          sql`exists (select 1 from ${customers} where ${customers.id} = ${orders.customerId} and ${customerName} ilike ${pattern})`,
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { orders: await serializeOrders(db, rows), total, page: query.page, limit: query.limit };
}

/** The customer's live orders, newest first (the customer view's orders section). */
export async function listCustomerOrders(db: Db, businessId: string, customerId: string): Promise<ApiOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.businessId, businessId), eq(orders.customerId, customerId), isNull(orders.deletedAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return serializeOrders(db, rows);
}

/** 422 unless the customer is a live contact of this business and every line's product is one of its product memories. */
async function checkReferences(db: Db, businessId: string, input: Partial<Pick<OrderInput, 'customer_id' | 'lines'>>) {
  const errors: Record<string, string[]> = {};
  if (input.customer_id !== undefined && !(await findCustomer(db, businessId, input.customer_id)))
    Object.assign(errors, CUSTOMER_NOT_FOUND);
  const productIds = [
    ...new Set(
      (input.lines ?? []).map((line) => blankToNull(line.memory_id)).filter((id): id is string => id !== null),
    ),
  ];
  if (productIds.length) {
    const found = await db
      .select({ id: memories.id })
      .from(memories)
      .where(
        and(
          eq(memories.businessId, businessId),
          inArray(memories.id, productIds),
          eq(memories.type, 'product'),
          isNull(memories.deletedAt),
        ),
      );
    const known = new Set(found.map((row) => row.id));
    input.lines?.forEach((line, index) => {
      const id = blankToNull(line.memory_id);
      if (id && !known.has(id)) errors[`lines[${index}].memory_id`] = ['The product was not found.'];
    });
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const cleanLines = (lines: OrderInput['lines']) =>
  (lines ?? []).map((line) => ({
    memory_id: blankToNull(line.memory_id),
    name: line.name.trim(),
    quantity: line.quantity,
    price: blankToNull(line.price),
  }));

/** The time stamps a move to `status` sets: when it was confirmed, fulfilled or cancelled. Leaving "cancelled" clears cancelled_at. */
function statusStamps(status: OrderStatus, now: Date, current?: OrderRow) {
  return {
    confirmedAt: status === 'confirmed' || status === 'fulfilled' ? (current?.confirmedAt ?? now) : undefined,
    fulfilledAt: status === 'fulfilled' ? now : undefined,
    cancelledAt: status === 'cancelled' ? now : current?.cancelledAt ? null : undefined,
  };
}

async function published(
  deps: OrderDeps,
  kind: EntityEventKind,
  row: OrderRow | undefined,
  missing: () => Error,
): Promise<ApiOrder> {
  if (!row) throw missing();
  const order = await serializeOneOrder(deps.db, row);
  await entityChanged(deps, row.businessId, 'Order', kind, order);
  return order;
}

/**
 * A new order. The team hears about it (new_order, for members who may view orders); a
 * failed notification is logged and never undoes the order the customer placed.
 */
export async function createOrder(
  deps: OrderDeps,
  businessId: string,
  input: OrderInput,
  options: OrderOptions = {},
): Promise<ApiOrder> {
  await checkReferences(deps.db, businessId, input);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(orders)
    .values({
      id: newId(),
      businessId,
      customerId: input.customer_id,
      status: input.status,
      lines: cleanLines(input.lines),
      notes: blankToNull(input.notes),
      source: options.source ?? 'manual',
      conversationId: options.conversationId ?? null,
      createdBy: options.createdBy ?? null,
      ...statusStamps(input.status, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const order = await published(deps, 'Created', row, orderNotFound);
  await emitOutgoingEvent(deps, businessId, 'order.created', { order });
  try {
    await notifyMembers(deps, {
      businessId,
      event: 'new_order',
      permission: 'orders/view',
      title: `New order from ${order.customer?.name ?? 'a customer'}`,
      body: linesSummary(order.lines) || order.notes,
      customerId: order.customer_id,
      internalLink: `/dashboard/orders/${order._id}`,
      sourceId: order._id,
    });
  } catch (error) {
    deps.log?.({ level: 'error', msg: 'order created, team not notified', order_id: order._id, error: String(error) });
  }
  return order;
}

/**
 * Change only the fields given. A move to confirmed or cancelled tells the customer unless
 * notify_customer is false; `customerMessage` says how they were told, or why they could
 * not be (the update stands either way).
 */
export async function updateOrder(
  deps: OrderUpdateDeps,
  businessId: string,
  id: string,
  patch: OrderPatch,
): Promise<{ order: ApiOrder; customerMessage: string | null }> {
  const current = await findOrder(deps.db, businessId, id);
  if (!current) throw orderNotFound();
  await checkReferences(deps.db, businessId, {
    customer_id: patch.customer_id === current.customerId ? undefined : patch.customer_id,
    lines: patch.lines,
  });
  const now = deps.clock.now();
  const statusChanged = patch.status !== undefined && patch.status !== current.status;
  const [row] = await deps.db
    .update(orders)
    .set({
      customerId: patch.customer_id,
      status: patch.status,
      lines: patch.lines === undefined ? undefined : cleanLines(patch.lines),
      notes: patch.notes === undefined ? undefined : blankToNull(patch.notes),
      ...(statusChanged ? statusStamps(patch.status!, now, current) : {}),
      updatedAt: now,
    })
    .where(and(eq(orders.id, id), eq(orders.businessId, businessId), isNull(orders.deletedAt)))
    .returning();
  const order = await published(deps, 'Updated', row, orderNotFound);
  const tell =
    statusChanged && (order.status === 'confirmed' || order.status === 'cancelled') && patch.notify_customer !== false;
  const customerMessage = tell ? await tellCustomerAboutOrder(deps, businessId, order) : null;
  return { order, customerMessage };
}

/** Soft delete: only deleted_at is set, so a restore brings back exactly what was deleted. */
export async function deleteOrder(deps: OrderDeps, businessId: string, id: string): Promise<ApiOrder> {
  const [row] = await deps.db
    .update(orders)
    .set({ deletedAt: deps.clock.now() })
    .where(and(eq(orders.id, id), eq(orders.businessId, businessId), isNull(orders.deletedAt)))
    .returning();
  return published(deps, 'Deleted', row, orderNotFound);
}

/** Undo a delete. Publishes OrderCreated: a client that dropped the record adds it back. */
export async function restoreOrder(deps: OrderDeps, businessId: string, id: string): Promise<ApiOrder> {
  const [row] = await deps.db
    .update(orders)
    .set({ deletedAt: null })
    .where(and(eq(orders.id, id), eq(orders.businessId, businessId), sql`${orders.deletedAt} is not null`))
    .returning();
  return published(deps, 'Created', row, () => notFound('The deleted order'));
}
