import { and, asc, count, desc, eq, gt, inArray, lt, lte, ne } from 'drizzle-orm';
import type { AppointmentStatus, AppointmentWhen } from '#contract/schemas/appointment';
import type { ApiAppointment } from '#contract/v1/appointments';
import type { BusinessSettings } from '#contract/schemas/business-settings';
import type { Db } from '#api/db/client';
import { appointments, businesses, customers, services, users } from '#api/db/schema';
import { notFound } from '#api/lib/errors';
import type { Busy } from './slots';
import { settingsOf } from '../business-settings/service';
import { displayName } from '../customers/records';

/** Appointments as stored: finding, listing and serializing them, the booked ones in a span, the business's settings. */
export type AppointmentRow = typeof appointments.$inferSelect;

export async function businessSettings(db: Db, businessId: string): Promise<BusinessSettings> {
  const [row] = await db
    .select({ settings: businesses.settings, timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!row) throw notFound('The business');
  return settingsOf(row);
}

export async function serializeAppointments(db: Db, rows: AppointmentRow[]): Promise<ApiAppointment[]> {
  const customerIds = [...new Set(rows.map((row) => row.customerId))];
  const serviceIds = [...new Set(rows.map((row) => row.serviceId).filter((id): id is string => !!id))];
  const userIds = [...new Set(rows.map((row) => row.createdBy).filter((id): id is string => !!id))];
  const [customerRows, serviceRows, userRows] = await Promise.all([
    customerIds.length
      ? db
          .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
          .from(customers)
          .where(inArray(customers.id, customerIds))
      : [],
    serviceIds.length
      ? db.select({ id: services.id, name: services.name }).from(services).where(inArray(services.id, serviceIds))
      : [],
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  const customerById = new Map(customerRows.map((row) => [row.id, row]));
  const serviceById = new Map(serviceRows.map((row) => [row.id, row]));
  const userById = new Map(userRows.map((row) => [row.id, row]));
  return rows.map((row) => {
    const customer = customerById.get(row.customerId);
    const service = row.serviceId ? serviceById.get(row.serviceId) : undefined;
    const user = row.createdBy ? userById.get(row.createdBy) : undefined;
    return {
      _id: row.id,
      customer_id: row.customerId,
      customer: customer ? { _id: customer.id, name: displayName(customer) || 'Unnamed contact' } : null,
      service_id: row.serviceId,
      service: service ? { _id: service.id, name: service.name } : null,
      start_at: row.startAt.toISOString(),
      end_at: row.endAt.toISOString(),
      status: row.status as AppointmentStatus,
      notes: row.notes,
      source: row.source === 'assistant' ? 'assistant' : 'manual',
      created_by: user ? { _id: user.id, name: user.name } : null,
      cancelled_at: row.cancelledAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function serializeOneAppointment(db: Db, row: AppointmentRow): Promise<ApiAppointment> {
  const [appointment] = await serializeAppointments(db, [row]);
  return appointment;
}

export async function findAppointment(db: Db, businessId: string, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.businessId, businessId)))
    .limit(1);
  return row;
}

export type AppointmentListFilters = {
  when: AppointmentWhen;
  status?: AppointmentStatus;
  customer_id?: string;
  page: number;
  limit: number;
};

/** Upcoming (not ended yet) soonest first; past (ended) latest first; all latest first. */
export async function listAppointments(db: Db, businessId: string, filters: AppointmentListFilters, now: Date) {
  const where = and(
    eq(appointments.businessId, businessId),
    filters.when === 'upcoming'
      ? gt(appointments.endAt, now)
      : filters.when === 'past'
        ? lte(appointments.endAt, now)
        : undefined,
    filters.status ? eq(appointments.status, filters.status) : undefined,
    filters.customer_id ? eq(appointments.customerId, filters.customer_id) : undefined,
  );
  const order =
    filters.when === 'upcoming'
      ? [asc(appointments.startAt), asc(appointments.id)]
      : [desc(appointments.startAt), desc(appointments.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(appointments)
      .where(where)
      .orderBy(...order)
      .limit(filters.limit)
      .offset(filters.page * filters.limit),
    db.select({ total: count() }).from(appointments).where(where),
  ]);
  return { appointments: await serializeAppointments(db, rows), total, page: filters.page, limit: filters.limit };
}

/** A contact's booked appointments still to come, soonest first (the assistant's move and cancel). */
export async function upcomingForCustomer(
  db: Db,
  businessId: string,
  customerId: string,
  now: Date,
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.businessId, businessId),
        eq(appointments.customerId, customerId),
        eq(appointments.status, 'booked'),
        gt(appointments.startAt, now),
      ),
    )
    .orderBy(asc(appointments.startAt))
    .limit(20);
}

/** Booked appointments touching [from, to), except `exceptId`. */
export async function busyBetween(
  db: Db,
  businessId: string,
  from: Date,
  to: Date,
  exceptId?: string,
): Promise<Array<Busy & { row: AppointmentRow }>> {
  const rows = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.businessId, businessId),
        eq(appointments.status, 'booked'),
        lt(appointments.startAt, to),
        gt(appointments.endAt, from),
        exceptId ? ne(appointments.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(appointments.startAt));
  return rows.map((row) => ({ start: row.startAt, end: row.endAt, row }));
}
