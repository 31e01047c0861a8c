import { and, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { ApiService } from '#contract/envelope';
import type { EntityEventKind } from '#contract/realtime';
import type { ListFilters } from '#contract/schemas/list';
import {
  DEFAULT_SERVICE_MINUTES,
  FREQUENCY_TOO_LONG,
  FREQUENCY_UNIT_DAYS,
  frequencyTooLong,
  type FrequencyUnit,
  type SERVICE_STATUSES,
} from '#contract/schemas/service';
import type { Db } from '#api/db/client';
import type { ApiDeps } from '#api/deps';
import { services } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { invalid, notFound } from '#api/lib/errors';
import { entityChanged } from '#api/lib/events';
import { listQuery } from '#api/lib/list';
import { indexService } from '#api/services/knowledge-index';

/**
 * The business's services (what it offers, how often, at what price). The v1 routes and
 * the seed go through these, so every write re-indexes the service for the knowledge
 * search (an inactive or deleted service drops out of it) and publishes Service<Kind>.
 */
export type ServiceDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster'>;
export type ServiceRow = typeof services.$inferSelect;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export type NewService = {
  name: string;
  status: ServiceStatus;
  frequency: number;
  /** Days when not given (the older input). */
  frequency_unit?: FrequencyUnit;
  /** 60 when not given. */
  duration_minutes?: number;
  description?: string | null;
  price?: string | null;
};
/** Only the fields given change; description or price null (or '') clears it. */
export type ServicePatch = Partial<NewService>;

export type ServiceListFilters = ListFilters & { search?: string; status?: ServiceStatus };

const serviceNotFound = () => notFound('The service');
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function serializeService(row: ServiceRow): ApiService {
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    frequency: row.frequency,
    frequency_unit: row.frequencyUnit,
    duration_minutes: row.durationMinutes,
    description: row.description,
    price: row.price,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** A service of this business; live ones only unless `deleted` says otherwise. */
export async function findService(
  db: Db,
  businessId: string,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .select()
    .from(services)
    .where(
      and(
        eq(services.id, id),
        eq(services.businessId, businessId),
        options.deleted ? sql`${services.deletedAt} is not null` : isNull(services.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Escape LIKE wildcards so a search for "50%" means the text 50%. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const sortable = {
  created_at: services.createdAt,
  updated_at: services.updatedAt,
  name: services.name,
  status: services.status,
  // Time between visits, so "every 3 weeks" sorts after "every 10 days".
  frequency: sql`${services.frequency} * case ${services.frequencyUnit} when 'week' then ${FREQUENCY_UNIT_DAYS.week} when 'month' then ${FREQUENCY_UNIT_DAYS.month} else 1 end`,
};

/** A page of the business's live services, newest first by default; search matches name, description and price. */
export async function listServices(db: Db, businessId: string, filters: ServiceListFilters) {
  const query = listQuery(filters, {
    sortable,
    defaultSort: 'created_at',
    createdAt: services.createdAt,
    tieBreaker: services.id,
  });
  const pattern = filters.search ? likePattern(filters.search) : undefined;
  const where = and(
    eq(services.businessId, businessId),
    isNull(services.deletedAt),
    query.where,
    filters.status ? eq(services.status, filters.status) : undefined,
    pattern
      ? or(ilike(services.name, pattern), ilike(services.description, pattern), ilike(services.price, pattern))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(services)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(services).where(where),
  ]);
  return { services: rows.map(serializeService), total, page: query.page, limit: query.limit };
}

/**
 * Run one write and re-index the service in the same transaction (the record and its
 * search chunks change together), then publish Service<Kind> once it has committed.
 */
async function write(
  deps: ServiceDeps,
  kind: EntityEventKind,
  change: (tx: Db) => Promise<ServiceRow | undefined>,
  missing: () => Error,
): Promise<ApiService> {
  const row = await deps.db.transaction(async (tx) => {
    const changed = await change(tx);
    if (changed) await indexService(tx, changed);
    return changed;
  });
  if (!row) throw missing();
  const service = serializeService(row);
  await entityChanged(deps, row.businessId, 'Service', kind, service);
  return service;
}

/** The per-unit cap the schema cannot check alone (it needs both fields). */
function checkFrequency(frequency: number, unit: FrequencyUnit) {
  if (frequencyTooLong(frequency, unit)) throw invalid({ frequency: [FREQUENCY_TOO_LONG] });
}

export async function createService(deps: ServiceDeps, businessId: string, input: NewService): Promise<ApiService> {
  const now = deps.clock.now();
  checkFrequency(input.frequency, input.frequency_unit ?? 'day');
  return write(
    deps,
    'Created',
    async (tx) => {
      const [row] = await tx
        .insert(services)
        .values({
          id: newId(),
          businessId,
          name: input.name.trim(),
          status: input.status,
          frequency: input.frequency,
          frequencyUnit: input.frequency_unit ?? 'day',
          durationMinutes: input.duration_minutes ?? DEFAULT_SERVICE_MINUTES,
          description: blankToNull(input.description),
          price: blankToNull(input.price),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row;
    },
    serviceNotFound,
  );
}

export async function updateService(
  deps: ServiceDeps,
  businessId: string,
  id: string,
  patch: ServicePatch,
): Promise<ApiService> {
  return write(
    deps,
    'Updated',
    async (tx) => {
      if (patch.frequency !== undefined || patch.frequency_unit !== undefined) {
        const current = await findService(tx, businessId, id);
        if (current)
          checkFrequency(patch.frequency ?? current.frequency, patch.frequency_unit ?? current.frequencyUnit);
      }
      const [row] = await tx
        .update(services)
        .set({
          name: patch.name?.trim() || undefined,
          status: patch.status,
          frequency: patch.frequency,
          frequencyUnit: patch.frequency_unit,
          durationMinutes: patch.duration_minutes,
          description: patch.description === undefined ? undefined : blankToNull(patch.description),
          price: patch.price === undefined ? undefined : blankToNull(patch.price),
          updatedAt: deps.clock.now(),
        })
        .where(and(eq(services.id, id), eq(services.businessId, businessId), isNull(services.deletedAt)))
        .returning();
      return row;
    },
    serviceNotFound,
  );
}

/** Soft delete: only deleted_at is set, so a restore brings back exactly what was deleted. */
export async function deleteService(deps: ServiceDeps, businessId: string, id: string): Promise<ApiService> {
  return write(
    deps,
    'Deleted',
    async (tx) => {
      const [row] = await tx
        .update(services)
        .set({ deletedAt: deps.clock.now() })
        .where(and(eq(services.id, id), eq(services.businessId, businessId), isNull(services.deletedAt)))
        .returning();
      return row;
    },
    serviceNotFound,
  );
}

/** Undo a delete. Publishes ServiceCreated: a client that dropped the record adds it back. */
export async function restoreService(deps: ServiceDeps, businessId: string, id: string): Promise<ApiService> {
  return write(
    deps,
    'Created',
    async (tx) => {
      const [row] = await tx
        .update(services)
        .set({ deletedAt: null })
        .where(and(eq(services.id, id), eq(services.businessId, businessId), sql`${services.deletedAt} is not null`))
        .returning();
      return row;
    },
    () => notFound('The deleted service'),
  );
}
