import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelineItems } from '#api/db/schema';
import { TelephonyError } from '#api/services/telephony/provider';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { expectFieldError, randomMobile } from '#tests/support/expect-envelope';
import { insertTelephony, smsesOf } from '#tests/support/leadcatcher';
import { withProvider } from '#tests/support/system-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (businessId: string, action: string) => `businesses/orders/${businessId}/${action}`;
const NO_NUMBER = 'the business has no phone number to text from (set one up under Settings → Systems)';

/** A business (with a number unless `number: false`), a customer with the given contacts, and a new order of two loaves. */
async function setup(options: { number?: boolean; phone?: boolean; email?: boolean } = {}) {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id as string;
  const telephony = options.number === false ? null : await insertTelephony(h, b);
  const phone = options.phone === false ? null : randomMobile();
  const email = options.email === false ? null : uniqueEmail();
  const customer = await createCustomer(h, b, owner.token, {
    first_name: 'Nora',
    last_name: 'Baker',
    phones: phone ? [phone] : [],
    emails: email ? [email] : [],
  });
  const created = await h.call(
    path(b, 'create'),
    { customer_id: customer._id, status: 'new', lines: [{ name: 'Sourdough loaf', quantity: 2, price: '£4.50' }] },
    owner.token,
  );
  return {
    owner,
    b,
    name: owner.business.name as string,
    telephony,
    phone,
    email,
    customer,
    order: created.body.data.order,
  };
}

async function notesOf(b: string, customerId: string) {
  return h.database.db
    .select()
    .from(timelineItems)
    .where(
      and(eq(timelineItems.businessId, b), eq(timelineItems.type, 'note'), eq(timelineItems.customerId, customerId)),
    );
}

describe('confirming or cancelling an order tells the customer', () => {
  it('confirms by SMS from the business number, recorded on the customer’s timeline', async () => {
    const { owner, b, name, telephony, phone, email, customer, order } = await setup();
    const result = await h.call(path(b, `update/${order._id}`), { status: 'confirmed' }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Order updated.', `Nora Baker was told by SMS (${phone}).`]);
    expect(result.body.data.order).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });

    const [sent] = await h.outboxFor(phone!, 'sms');
    expect(sent.from).toBe(telephony!.phoneNumber);
    expect(sent.body).toBe(`Hi Nora, your order (2 × Sourdough loaf (£4.50)) is confirmed. Thank you! – ${name}`);
    const [sms] = await smsesOf(h, b);
    expect(sms).toMatchObject({
      direction: 'outbound',
      to: phone,
      customerId: customer._id,
      body: sent.body,
      details: { purpose: 'order_status', order_id: order._id, order_status: 'confirmed' },
    });
    expect(await h.outboxFor(email!, 'email')).toHaveLength(0);
  });

  it('cancels by email when the customer has no phone, noted on their timeline', async () => {
    const { owner, b, name, email, customer, order } = await setup({ phone: false });
    const result = await h.call(path(b, `update/${order._id}`), { status: 'cancelled' }, owner.token);
    expect(result.body.messages).toEqual(['Order updated.', `Nora Baker was told by email (${email}).`]);
    const [mail] = await h.outboxFor(email!, 'email');
    expect(mail).toMatchObject({ subject: 'Your order has been cancelled' });
    expect(mail.body).toBe(
      `Hi Nora, your order (2 × Sourdough loaf (£4.50)) has been cancelled. Please get in touch if you have any questions. – ${name}`,
    );
    const notes = await notesOf(b, customer._id);
    expect(notes.map((note) => note.body)).toEqual([`Emailed ${email} (order cancelled): ${mail.body}`]);
  });

  it('emails when the business has no number to text from', async () => {
    const { owner, b, phone, email, order } = await setup({ number: false });
    const result = await h.call(path(b, `update/${order._id}`), { status: 'confirmed' }, owner.token);
    expect(result.body.messages).toEqual(['Order updated.', `Nora Baker was told by email (${email}).`]);
    expect(await h.outboxFor(phone!, 'sms')).toHaveLength(0);
  });

  it('says why the customer was not told, and the update stands', async () => {
    const noNumber = await setup({ number: false, email: false });
    const first = await h.call(
      path(noNumber.b, `update/${noNumber.order._id}`),
      { status: 'confirmed' },
      noNumber.owner.token,
    );
    expect(first.status).toBe(200);
    expect(first.body.messages).toEqual(['Order updated.', `The customer was not told: ${NO_NUMBER}.`]);
    expect(first.body.data.order.status).toBe('confirmed');

    const noContact = await setup({ phone: false, email: false });
    const second = await h.call(
      path(noContact.b, `update/${noContact.order._id}`),
      { status: 'cancelled' },
      noContact.owner.token,
    );
    expect(second.body.messages).toEqual([
      'Order updated.',
      'The customer was not told: Nora Baker has no phone number or email.',
    ]);

    const refused = await setup({ email: false });
    const third = await withProvider(
      h,
      { sendSms: async () => Promise.reject(new TelephonyError('The number is not able to receive messages.')) },
      () => h.call(path(refused.b, `update/${refused.order._id}`), { status: 'confirmed' }, refused.owner.token),
    );
    expect(third.status).toBe(200);
    expect(third.body.messages).toEqual([
      'Order updated.',
      'The customer was not told: The number is not able to receive messages.',
    ]);
    expect(
      (await h.call(path(refused.b, `get/${refused.order._id}`), undefined, refused.owner.token)).body.data.order
        .status,
    ).toBe('confirmed');
  });

  it('falls back to email when the SMS provider refuses', async () => {
    const { owner, b, email, order } = await setup();
    const result = await withProvider(
      h,
      { sendSms: async () => Promise.reject(new TelephonyError('Carrier rejected the message.')) },
      () => h.call(path(b, `update/${order._id}`), { status: 'cancelled' }, owner.token),
    );
    expect(result.body.messages).toEqual(['Order updated.', `Nora Baker was told by email (${email}).`]);
  });

  it('tells nobody when notify_customer is false, when the status does not change, or when the order moves to fulfilled', async () => {
    const { owner, b, phone, email, order } = await setup();
    const quiet = await h.call(
      path(b, `update/${order._id}`),
      { status: 'confirmed', notify_customer: false },
      owner.token,
    );
    expect(quiet.body.messages).toEqual(['Order updated.']);
    const same = await h.call(
      path(b, `update/${order._id}`),
      { status: 'confirmed', notes: 'Extra seeds' },
      owner.token,
    );
    expect(same.body.messages).toEqual(['Order updated.']);
    const fulfilled = await h.call(path(b, `update/${order._id}`), { status: 'fulfilled' }, owner.token);
    expect(fulfilled.body.messages).toEqual(['Order updated.']);
    expect(await h.outboxFor(phone!, 'sms')).toHaveLength(0);
    expect(await h.outboxFor(email!, 'email')).toHaveLength(0);
    expectFieldError(
      await h.call(path(b, `update/${order._id}`), { notify_customer: 'maybe' }, owner.token),
      'notify_customer',
      'notify_customer must be true or false.',
    );
  });
});
