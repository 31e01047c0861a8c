import { DOMParser } from '@xmldom/xmldom';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import type { ApiSystem } from '#contract/v1/systems';
import { notifications, systemEvents, timelineItems } from '#api/db/schema';
import { findSystemById, type SystemRow } from '#api/features/systems/store';
import { parseTwiml, twimlVerbs, type TwimlNode } from '#api/features/systems/twiml';
import type { Harness } from './api-harness';
import { addSystem, buyNumber, randomUkMobile } from './system-fixtures';

/** Fixtures for the inbound handler tests (calls, SMS, the simulator). */
export { randomUkMobile };

export async function phoneSystem(
  h: Harness,
  kind: 'telephony' | 'mobile' = 'telephony',
  owner?: Awaited<ReturnType<Harness['signUpWithBusiness']>>,
) {
  const account = owner ?? (await h.signUpWithBusiness());
  const b = account.business._id as string;
  const created = await addSystem(h, b, account.token, kind);
  const system: ApiSystem = await buyNumber(h, b, account.token, created._id);
  return { owner: account, b, system, row: await systemRow(h, system._id) };
}

export async function systemRow(h: Harness, id: string): Promise<SystemRow> {
  const row = await findSystemById(h.deps.db, id);
  if (!row) throw new Error(`system ${id} not found`);
  return row;
}

let counter = 0;
export const sid = (prefix: 'CA' | 'SM' | 'RE') =>
  `${prefix}${Date.now().toString(16)}${(counter += 1).toString(16).padStart(6, '0')}${Math.random().toString(16).slice(2, 10)}`;

export const callParams = (
  system: Pick<ApiSystem, 'phone_number'>,
  from: string,
  callSid = sid('CA'),
  extra: Record<string, string> = {},
) => ({
  AccountSid: 'ACtest',
  CallSid: callSid,
  From: from,
  To: system.phone_number ?? '',
  Direction: 'inbound',
  CallStatus: 'ringing',
  ...extra,
});

/** Well-formed XML by an independent parser (xmldom, errors thrown) and by ours; answers the verbs. */
export function expectValidTwiml(xml: string): TwimlNode[] {
  const problems: string[] = [];
  const document = new DOMParser({
    errorHandler: {
      warning: (message: string) => problems.push(message),
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  expect(problems, xml).toEqual([]);
  expect(document.documentElement?.nodeName).toBe('Response');
  expect(parseTwiml(xml).name).toBe('Response');
  return twimlVerbs(xml);
}

export const verbNames = (xml: string) => expectValidTwiml(xml).map((verb) => verb.name);
export const saidIn = (xml: string) =>
  expectValidTwiml(xml)
    .filter((verb) => verb.name === 'Say')
    .map((verb) => verb.children.join(''))
    .join(' ');

export async function setBusinessSettings(h: Harness, b: string, token: string, settings: Record<string, unknown>) {
  const result = await h.call(`businesses/settings/${b}/set`, settings, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

/** Closed every day (the weekly hours say so). */
export const closedAllWeek = () => WEEKDAYS.map((day) => ({ day, open: false, start: '09:00', end: '17:00' }));
/** Open all day every day. */
export const openAllWeek = () => WEEKDAYS.map((day) => ({ day, open: true, start: '00:00', end: '23:59' }));

export async function setSystemSettings(
  h: Harness,
  b: string,
  systemId: string,
  token: string,
  settings: Record<string, unknown>,
) {
  const result = await h.call(
    `businesses/systems/${b}/settings/${systemId}/set`,
    { configurations: { data: { settings } } },
    token,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return systemRow(h, systemId);
}

export async function itemsByExternalId(h: Harness, b: string, externalId: string) {
  return h.deps.db
    .select()
    .from(timelineItems)
    .where(and(eq(timelineItems.businessId, b), eq(timelineItems.externalId, externalId)));
}

export async function smsItems(h: Harness, b: string) {
  return h.deps.db
    .select()
    .from(timelineItems)
    .where(and(eq(timelineItems.businessId, b), eq(timelineItems.type, 'sms')));
}

export async function notificationsOf(h: Harness, b: string) {
  return h.deps.db.select().from(notifications).where(eq(notifications.businessId, b));
}

export async function eventsOf(h: Harness, systemId: string) {
  return h.deps.db.select().from(systemEvents).where(eq(systemEvents.systemId, systemId));
}
