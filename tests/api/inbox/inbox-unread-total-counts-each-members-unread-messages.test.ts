import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleSms } from '#api/features/systems/inbound-sms';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { phoneSystem, randomUkMobile, sid } from '#tests/support/inbound-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 240_000);
afterAll(() => h.close());

type Phone = Awaited<ReturnType<typeof phoneSystem>>;
const inbox = (b: string, action: string) => `businesses/inbox/${b}/${action}`;

async function text(phone: Phone, from: string, body: string) {
  await handleSms(h.deps, phone.row, {
    AccountSid: 'ACtest',
    MessageSid: sid('SM'),
    From: from,
    To: phone.system.phone_number!,
    Body: body,
    NumMedia: '0',
  });
}

async function unread(b: string, token: string) {
  const result = await h.call(inbox(b, 'unread'), undefined, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.unread as number;
}

async function laterBy<T>(ms: number, run: () => Promise<T>): Promise<T> {
  h.clock.offsetMs += ms;
  try {
    return await run();
  } finally {
    h.clock.offsetMs -= ms;
  }
}

describe('businesses/inbox/{business_id}/unread', { timeout: 180_000 }, () => {
  it("answers the caller's unread messages across every thread; opening a thread lowers only their own total", async () => {
    const phone = await phoneSystem(h);
    const { b, owner } = phone;
    const colleague = await h.signUp();
    await h.addMember(b, colleague.user.id, ['smses/view']);
    expect(await unread(b, owner.token)).toBe(0);
    const ann = randomUkMobile();
    await text(phone, ann, 'Do you clean gutters?');
    await laterBy(1_000, () => text(phone, ann, 'And windows?'));
    await laterBy(2_000, () => text(phone, randomUkMobile(), 'Are you open on Sunday?'));
    expect(await unread(b, owner.token)).toBe(3);
    expect(await unread(b, colleague.token)).toBe(3);

    const threads = (await h.call(inbox(b, 'list'), {}, owner.token)).body.data.threads as {
      _id: string;
      customer: { phones: string[] };
    }[];
    const annThread = threads.find((thread) => thread.customer.phones.includes(ann))!;
    await laterBy(3_000, () => h.call(inbox(b, `get/${annThread._id}`), { mark_read: true }, owner.token));
    expect(await unread(b, owner.token)).toBe(1);
    expect(await unread(b, colleague.token)).toBe(3);
  });

  it('needs smses/view, and another business answers 404; 401 without a token', async () => {
    const { b } = await phoneSystem(h);
    const calls = await h.signUp();
    await h.addMember(b, calls.user.id, ['calls/view']);
    expectFailureEnvelope(await h.call(inbox(b, 'unread'), undefined, calls.token), 403);
    const outsider = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call(inbox(b, 'unread'), undefined, outsider.token), 404);
    expectFailureEnvelope(await h.call(inbox(b, 'unread')), 401);
  });
});

describe('businesses/inbox/{business_id}/unread with except_customer_id', { timeout: 180_000 }, () => {
  it('leaves that thread out (the page opening it reads it at the same time)', async () => {
    const phone = await phoneSystem(h);
    const { b, owner } = phone;
    const ann = randomUkMobile();
    await text(phone, ann, 'Hello?');
    await laterBy(1_000, () => text(phone, randomUkMobile(), 'Anyone there?'));
    const threads = (await h.call(inbox(b, 'list'), {}, owner.token)).body.data.threads as {
      _id: string;
      customer: { phones: string[] };
    }[];
    const annThread = threads.find((thread) => thread.customer.phones.includes(ann))!;
    const result = await h.call(inbox(b, 'unread'), { except_customer_id: annThread._id }, owner.token);
    expect(result.body.data.unread).toBe(1);
    expect(await unread(b, owner.token)).toBe(2);
  });
});
