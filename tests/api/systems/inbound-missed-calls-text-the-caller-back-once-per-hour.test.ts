import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#api/db/schema';
import { handleCallStatus } from '#api/features/systems/call-outcome';
import { handleVoice } from '#api/features/systems/inbound-call';
import { claimTextBack } from '#api/features/systems/text-back';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import {
  callParams,
  eventsOf,
  itemsByExternalId,
  notificationsOf,
  phoneSystem,
  randomUkMobile,
  setSystemSettings,
  smsItems,
} from '#tests/support/inbound-fixtures';
import type { SystemRow } from '#api/features/systems/store';
import type { ApiSystem } from '#contract/v1/systems';
import { formatPhoneNumber } from '#contract/phone';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const HOUR = 60 * 60 * 1000;

/** A call nobody answered (a caller greeted who hangs up abandoned it instead: issue 22, item 24). */
async function missedCall(row: SystemRow, system: ApiSystem, from: string, status = 'no-answer') {
  const params = callParams(system, from);
  await handleVoice(h.deps, row, params);
  await handleCallStatus(h.deps, row, { ...params, CallStatus: status, CallDuration: '4' });
  return params.CallSid;
}

async function textBacks(b: string, to: string) {
  return (await smsItems(h, b)).filter(
    (sms) =>
      sms.direction === 'outbound' &&
      sms.to === to &&
      (sms.details as { purpose?: string }).purpose === 'missed_call_text_back',
  );
}

const smsSentTo = (to: string) =>
  h.deps.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.channel, 'sms')));

describe('missed-call text-back', () => {
  it('a missed call is labelled so, notifies the team and texts the caller from the business number, on the timeline', async () => {
    const { b, system, row } = await phoneSystem(h);
    const from = randomUkMobile();
    const callSid = await missedCall(row, system, from);
    const [call] = await itemsByExternalId(h, b, callSid);
    expect(call.status).toBe('missed_call');
    expect((call.details as { summary: string }).summary).toMatch(/Missed call from/);

    const [notice] = (await notificationsOf(h, b)).filter((row) => row.sourceId === call.id);
    expect(notice).toMatchObject({
      kind: 'missed_call',
      title: `Missed call from ${formatPhoneNumber(from)}`,
      internalLink: `/dashboard/calls/${call.id}`,
    });

    const [sms] = await textBacks(b, from);
    expect(sms).toMatchObject({
      from: system.phone_number,
      to: from,
      customerId: call.customerId,
      systemId: system._id,
    });
    expect(sms.body).toMatch(/^Sorry we missed your call at .+\. How can we help\?/);
    expect(sms.details).toMatchObject({ purpose: 'missed_call_text_back', call_id: call.id });
    const sent = await smsSentTo(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: system.phone_number, body: sms.body });
  });

  it('texts each caller at most once per hour: a second missed call within the hour sends nothing, one after the hour sends again', async () => {
    const { b, system, row } = await phoneSystem(h);
    const from = randomUkMobile();
    await missedCall(row, system, from);
    h.clock.offsetMs += 59 * 60 * 1000;
    try {
      await missedCall(row, system, from, 'no-answer');
      expect(await textBacks(b, from)).toHaveLength(1);
      expect(
        (await eventsOf(h, system._id))
          .filter((event) => event.name === 'sms.text_back')
          .map((event) => event.outcome)
          .sort(),
      ).toEqual(['duplicate', 'ok']);

      // Another caller is texted at once.
      const other = randomUkMobile();
      await missedCall(row, system, other);
      expect(await textBacks(b, other)).toHaveLength(1);

      h.clock.offsetMs += 2 * 60 * 1000;
      await missedCall(row, system, from);
      expect(await textBacks(b, from)).toHaveLength(2);
      expect(await smsSentTo(from)).toHaveLength(2);
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('two claims for the same caller at the same moment: exactly one wins', async () => {
    const { b } = await phoneSystem(h);
    const from = randomUkMobile();
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimTextBack(h.deps, b, from)));
    expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);
    h.clock.offsetMs += HOUR + 1000;
    try {
      const later = await Promise.all(Array.from({ length: 3 }, () => claimTextBack(h.deps, b, from)));
      expect(later.filter((claim) => claim.claimed)).toHaveLength(1);
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('two missed calls from one caller finishing at once send one SMS', async () => {
    const { b, system, row } = await phoneSystem(h);
    const from = randomUkMobile();
    const first = callParams(system, from);
    const second = callParams(system, from);
    await handleVoice(h.deps, row, first);
    await handleVoice(h.deps, row, second);
    await Promise.all([
      handleCallStatus(h.deps, row, { ...first, CallStatus: 'no-answer' }),
      handleCallStatus(h.deps, row, { ...second, CallStatus: 'busy' }),
    ]);
    expect(await textBacks(b, from)).toHaveLength(1);
  });

  it("uses the template with the contact's first name and the business name, and sends nothing when switched off", async () => {
    const { owner, b, system } = await phoneSystem(h);
    const from = randomUkMobile();
    await createCustomer(h, b, owner.token, { first_name: 'Jane', last_name: 'Doe', phones: [from] });
    let row = await setSystemSettings(h, b, system._id, owner.token, {
      text_back_template: 'Hi {first_name}, sorry we missed you at {business_name}!',
    });
    await missedCall(row, system, from);
    const [sms] = await textBacks(b, from);
    expect(sms.body).toBe(`Hi Jane, sorry we missed you at ${owner.business.name}!`);

    const quiet = randomUkMobile();
    row = await setSystemSettings(h, b, system._id, owner.token, { missed_call_text_back: false });
    const callSid = await missedCall(row, system, quiet);
    expect((await itemsByExternalId(h, b, callSid))[0].status).toBe('missed_call');
    expect(await textBacks(b, quiet)).toHaveLength(0);
    expect(await smsSentTo(quiet)).toHaveLength(0);
  });

  it('a withheld number is never texted', async () => {
    const { b, system, row } = await phoneSystem(h);
    const callSid = await missedCall(row, system, 'anonymous');
    const [call] = await itemsByExternalId(h, b, callSid);
    expect(call).toMatchObject({ status: 'missed_call', customerId: null, phonesFound: [] });
    expect((await smsItems(h, b)).filter((sms) => sms.direction === 'outbound')).toHaveLength(0);
  });
});

describe('a caller who hangs up after the greeting (issue 22, item 24)', () => {
  it('abandoned the call: filed as abandoned, the team is told so, and nobody is texted "Sorry we missed your call"', async () => {
    const { b, system, row } = await phoneSystem(h);
    const from = randomUkMobile();
    const callSid = await missedCall(row, system, from, 'completed');
    const [call] = await itemsByExternalId(h, b, callSid);
    expect(call.status).toBe('abandoned');
    expect((call.details as { summary: string }).summary).toMatch(/hung up after the greeting without saying anything/);
    const [notice] = (await notificationsOf(h, b)).filter((entry) => entry.sourceId === call.id);
    expect(notice).toMatchObject({
      kind: 'new_call',
      title: `Call from ${formatPhoneNumber(from)}: hung up after the greeting`,
    });
    expect(await textBacks(b, from)).toEqual([]);
    expect(await smsSentTo(from)).toEqual([]);
  });
});
