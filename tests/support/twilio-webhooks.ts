import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { systemEvents, timelineItems } from '#api/db/schema';
import { createTwilioTelephony } from '#api/services/telephony/twilio';
import { parseTwiml, twimlVerbs, type TwimlNode } from '#api/features/systems/twiml';
import { createHarness, type Harness } from './api-harness';
import { createTwilioMock, signedWebhookInit, uniqueUsNumber } from './twilio-mock';

/**
 * The Twilio webhook tests' setting: the v1 API on Twilio (its REST API mocked), webhooks
 * posted signed the way Twilio signs them, and the TwiML, items and events they leave.
 */
export const ACCOUNT_SID = `AC${'b2'.repeat(16)}`;
export const AUTH_TOKEN = 'twilio-webhook-auth-token-3c4d5e';
export const rest = createTwilioMock(ACCOUNT_SID);

export const publicUrl = (systemId: string, path: string) =>
  `http://app.test/api/v1/webhooks/twilio/${systemId}/${path}`;

/** POST a webhook the way Twilio does: to this server (http://api.test), signed over PUBLIC_URL (http://app.test). */
export function webhook(
  harness: Harness,
  systemId: string,
  path: string,
  params: Record<string, string>,
  signature: 'valid' | 'wrong' | 'none' = 'valid',
  signedUrl = publicUrl(systemId, path),
) {
  return harness.request(
    `webhooks/twilio/${systemId}/${path}`,
    signedWebhookInit(AUTH_TOKEN, signedUrl, params, signature),
  );
}

export async function twimlOf(response: Response): Promise<{ root: TwimlNode; verbs: TwimlNode[]; xml: string }> {
  const xml = await response.text();
  expect(response.status, xml).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
  const root = parseTwiml(xml);
  expect(root.name).toBe('Response');
  return { root, verbs: twimlVerbs(xml), xml };
}

/** Depth-first: every element of a TwiML tree. */
export function elements(node: TwimlNode): TwimlNode[] {
  return [node, ...node.children.flatMap((child) => (typeof child === 'string' ? [] : elements(child)))];
}

export const sid = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, '')}`;

export const callParams = (system: { phone: string }, callSid: string, extra: Record<string, string> = {}) => ({
  AccountSid: ACCOUNT_SID,
  CallSid: callSid,
  From: '+14155550123',
  To: system.phone,
  CallStatus: 'ringing',
  Direction: 'inbound',
  ApiVersion: '2010-04-01',
  ...extra,
});

/**
 * One harness for the test file (opened before its tests, closed after), handed to `onReady`,
 * and the helpers that read through it.
 */
export function twilioWebhookHarness(filesPrefix: string, onReady: (harness: Harness) => void) {
  const server = setupServer(...rest.handlers);
  let h: Harness;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), filesPrefix));
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    h = await createHarness({
      telephony: createTwilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN }),
      twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN },
      filesDir,
    });
    onReady(h);
  });
  afterEach(() => rest.reset());
  afterAll(async () => {
    server.close();
    await h.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  /** Where the local storage keeps a call's recording (the layout DATA_DIR/files always had). */
  const recordingFile = (callId: string) => path.join(filesDir, 'recordings', `${callId}.wav`);

  /** A live telephony system on a Twilio number (bought through the mocked REST API). */
  async function liveSystem() {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const created = await h.call(`businesses/systems/${businessId}/create`, { name: 'telephony' }, owner.token);
    const phone = uniqueUsNumber();
    const bought = await h.call(
      `businesses/purchase-number/${businessId}`,
      { phone_number: phone, system_id: created.body.data.system._id },
      owner.token,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    rest.reset();
    return { owner, businessId, systemId: created.body.data.system._id as string, phone };
  }

  async function itemsOf(businessId: string, externalId: string) {
    return h.database.db
      .select()
      .from(timelineItems)
      .where(and(eq(timelineItems.businessId, businessId), eq(timelineItems.externalId, externalId)));
  }

  async function eventsOf(systemId: string) {
    return h.database.db.select().from(systemEvents).where(eq(systemEvents.systemId, systemId));
  }

  return { filesDir, recordingFile, liveSystem, itemsOf, eventsOf };
}
