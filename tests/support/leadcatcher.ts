import { and, desc, eq } from 'drizzle-orm';
import { systemEvents, systems, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import type { SystemRow } from '#api/features/systems/store';
import type { LeadcatcherSettings } from '#contract/schemas/system';
import type { Harness } from './api-harness';

/**
 * Lead catcher fixtures: systems are written straight to the database (the systems calls
 * are tested on their own), so these tests depend only on the public lead catcher calls.
 */
export async function insertSystem(
  h: Harness,
  input: {
    businessId: string;
    createdBy?: string | null;
    name: SystemRow['name'];
    phoneNumber?: string | null;
    settings?: Record<string, unknown>;
    status?: string;
    deletedAt?: Date | null;
  },
): Promise<SystemRow> {
  const now = h.clock.now();
  const [row] = await h.database.db
    .insert(systems)
    .values({
      id: newId(),
      businessId: input.businessId,
      name: input.name,
      status: input.status ?? 'active',
      phoneNumber: input.phoneNumber ?? null,
      provider: 'sandbox',
      settings: input.settings ?? {},
      setup: input.name === 'leadcatcher' ? { website_at: now.toISOString() } : {},
      createdBy: input.createdBy ?? null,
      createdAt: now,
      updatedAt: now,
      deletedAt: input.deletedAt ?? null,
    })
    .returning();
  return row;
}

export function insertLeadcatcher(
  h: Harness,
  businessId: string,
  settings: Partial<LeadcatcherSettings> = {},
  extra: { status?: string; deletedAt?: Date | null } = {},
) {
  return insertSystem(h, { businessId, name: 'leadcatcher', settings, ...extra });
}

/** A sandbox-looking number no other test file holds (live numbers are unique across businesses). */
export function uniqueBusinessNumber(): string {
  return `+1415555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

export function insertTelephony(h: Harness, businessId: string, phoneNumber = uniqueBusinessNumber()) {
  return insertSystem(h, { businessId, name: 'telephony', phoneNumber });
}

/** POST …/submit as JSON, the way embed.js does. */
export async function submitJson(
  h: Harness,
  systemId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await h.request(`leadcatcher/${systemId}/submit`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-forwarded-for': '203.0.113.10',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(text) as {
      data?: { sent: boolean };
      messages?: string[];
      errors?: string[];
      field_errors?: Record<string, string[]>;
    },
  };
}

/** POST …/submit as a plain HTML form would (form-urlencoded, no JavaScript). */
export async function submitForm(
  h: Harness,
  systemId: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return h.request(`leadcatcher/${systemId}/submit`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      'x-forwarded-for': '203.0.113.20',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export async function formsOf(h: Harness, businessId: string) {
  return h.database.db
    .select()
    .from(timelineItems)
    .where(and(eq(timelineItems.businessId, businessId), eq(timelineItems.type, 'form')))
    .orderBy(desc(timelineItems.createdAt));
}

export async function smsesOf(h: Harness, businessId: string) {
  return h.database.db
    .select()
    .from(timelineItems)
    .where(and(eq(timelineItems.businessId, businessId), eq(timelineItems.type, 'sms')))
    .orderBy(desc(timelineItems.createdAt));
}

export async function eventsOf(h: Harness, systemId: string) {
  return h.database.db
    .select()
    .from(systemEvents)
    .where(eq(systemEvents.systemId, systemId))
    .orderBy(desc(systemEvents.createdAt));
}
