import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOptOutMessages } from '#contract/messages';
import { formatPhoneNumber } from '#contract/phone';
import { smsOptOuts } from '#api/db/schema';
import { sendCustomerSms } from '#api/features/systems/customer-messages';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { phoneSystem, randomUkMobile } from '#tests/support/inbound-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Line = { speaker: string; text: string };
const simulate = (b: string, systemId: string, body: unknown, token: string) =>
  h.call(`businesses/systems/${b}/settings/${systemId}/simulate`, body, token);
const optOutRows = (b: string, phone: string) =>
  h.deps.db
    .select()
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.businessId, b), eq(smsOptOuts.phone, phone)));

/**
 * Issue 22, item 25: texting STOP showed "automatic SMS replies are off" and changed nothing.
 * A STOP is recorded per business and number, every sender honours it (the assistant's
 * replies, the missed-call text-back, actions and notices, the owner's own messages), the
 * contact shows it, and START undoes it.
 */
describe('STOP and START', () => {
  it('STOP is recorded and said as such; nothing is texted to the number until START, which undoes it', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const from = randomUkMobile();

    const stop = await simulate(b, system._id, { kind: 'sms', from, says: 'STOP' }, owner.token);
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    const stopLines: Line[] = stop.body.data.transcript;
    expect(stopLines.at(-1)).toEqual({
      speaker: 'system',
      text: smsOptOutMessages.stopReceived(formatPhoneNumber(from)),
    });
    expect(stopLines.map((line) => line.text).join('\n')).not.toMatch(/automatic SMS replies are off/);
    expect(await optOutRows(b, from)).toEqual([expect.objectContaining({ keyword: 'STOP' })]);

    // The contact shows it.
    const customerId = stop.body.data.sms.customer_id as string;
    const contact = await h.call(`businesses/customers/${b}/get/${customerId}`, undefined, owner.token);
    expect(contact.body.data.customer.sms_opt_outs).toEqual([{ phone: from, at: expect.any(String) }]);

    // The assistant does not answer them.
    const question = await simulate(b, system._id, { kind: 'sms', from, says: 'What time do you open?' }, owner.token);
    expect((question.body.data.transcript as Line[]).at(-1)).toEqual({
      speaker: 'system',
      text: smsOptOutMessages.optedOut(formatPhoneNumber(from)),
    });
    // No missed-call text-back.
    const missed = await simulate(b, system._id, { kind: 'missed_call', from }, owner.token);
    expect(missed.body.data.call.status).toBe('missed_call');
    expect((missed.body.data.transcript as Line[]).some((line) => line.text.startsWith('Texted'))).toBe(false);
    // Actions, order and question notices all send through sendCustomerSms.
    const notice = await sendCustomerSms(h.deps, {
      businessId: b,
      to: from,
      body: 'Your order is confirmed.',
      purpose: 'order_status',
    });
    expect(notice).toEqual({
      ok: false,
      channel: 'sms',
      to: from,
      reason: smsOptOutMessages.optedOut(formatPhoneNumber(from)),
    });
    // The owner's own message is refused with the reason, not as a provider failure.
    const own = await h.call(
      `businesses/systems/${b}/settings/${system._id}/send-a-message`,
      { to: from, message: 'Hello again' },
      owner.token,
    );
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual([smsOptOutMessages.optedOut(formatPhoneNumber(from))]);
    expect(await h.outboxFor(from, 'sms')).toEqual([]);

    // START undoes it: the next question is answered.
    const start = await simulate(b, system._id, { kind: 'sms', from, says: 'start' }, owner.token);
    expect((start.body.data.transcript as Line[]).at(-1)).toEqual({
      speaker: 'system',
      text: smsOptOutMessages.startReceived(formatPhoneNumber(from)),
    });
    expect(await optOutRows(b, from)).toEqual([]);
    const again = await simulate(b, system._id, { kind: 'sms', from, says: 'What time do you open?' }, owner.token);
    expect((again.body.data.transcript as Line[]).map((line) => line.speaker)).toEqual(['caller', 'assistant']);
    expect((await h.outboxFor(from, 'sms')).length).toBe(1);
    const after = await h.call(`businesses/customers/${b}/get/${customerId}`, undefined, owner.token);
    expect(after.body.data.customer.sms_opt_outs).toEqual([]);
  });

  it('is per business: a STOP to one business does not silence another', async () => {
    const first = await phoneSystem(h);
    const second = await phoneSystem(h);
    const from = randomUkMobile();
    await simulate(first.b, first.system._id, { kind: 'sms', from, says: 'Stop.' }, first.owner.token);
    const elsewhere = await simulate(
      second.b,
      second.system._id,
      { kind: 'sms', from, says: 'Are you open on Sunday?' },
      second.owner.token,
    );
    expect((elsewhere.body.data.transcript as Line[]).map((line) => line.speaker)).toEqual(['caller', 'assistant']);
  });
});
