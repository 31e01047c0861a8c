import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, notifications, systems, timelineItems } from '#api/db/schema';
import { messages } from '#contract/messages';
import { TelephonyError } from '#api/services/telephony/provider';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import {
  eventsOf,
  formsOf,
  insertLeadcatcher,
  insertTelephony,
  smsesOf,
  submitForm,
  submitJson,
} from '#tests/support/leadcatcher';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function business() {
  const owner = await h.signUpWithBusiness();
  return { owner, b: owner.business._id as string };
}

async function customersOf(businessId: string) {
  return h.database.db.select().from(customers).where(eq(customers.businessId, businessId));
}

const uniquePhone = () => `+447700${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

describe('a JSON submission (embed.js)', () => {
  it('creates the lead, a form item, a notification and the first-submission mark, and answers the success message', async () => {
    const { owner, b } = await business();
    const system = await insertLeadcatcher(h, b, {
      form_name: 'Quote request',
      success_message: 'Thanks, we will call you back today.',
    });
    const email = uniqueEmail();
    const result = await submitJson(
      h,
      system.id,
      {
        name: '  Ann  Marie Lee ',
        email: email.toUpperCase(),
        phone: '+44 7700 900 123',
        message: 'Can you fix a leaking tap on Friday?',
        website: '',
        page_url: 'https://shop.example/contact',
      },
      { origin: 'https://shop.example' },
    );
    expect(result).toMatchObject({
      status: 200,
      body: { data: { sent: true }, messages: ['Thanks, we will call you back today.'] },
    });
    expect(result.headers.get('access-control-allow-origin')).toBe('*');

    const [customer] = await customersOf(b);
    expect(customer).toMatchObject({
      firstName: 'Ann',
      lastName: 'Marie Lee',
      status: 'lead',
      emails: [email],
      phones: ['+447700900123'],
    });

    const [form] = await formsOf(h, b);
    expect(form).toMatchObject({
      type: 'form',
      direction: 'inbound',
      customerId: customer.id,
      systemId: system.id,
      body: 'Ann Marie Lee: Can you fix a leaking tap on Friday?',
      details: {
        fields: {
          name: 'Ann Marie Lee',
          email,
          phone: '+447700900123',
          message: 'Can you fix a leaking tap on Friday?',
        },
        form_name: 'Quote request',
        page_url: 'https://shop.example/contact',
      },
    });

    const notes = await h.database.db.select().from(notifications).where(eq(notifications.businessId, b));
    expect(notes).toEqual([
      expect.objectContaining({
        userId: owner.user.id,
        kind: 'new_form',
        title: 'New web form from Ann Marie Lee',
        customerId: customer.id,
        internalLink: `/dashboard/forms/${form.id}`,
        sourceId: form.id,
      }),
    ]);

    const [row] = await h.database.db.select().from(systems).where(eq(systems.id, system.id));
    expect(row.setup).toMatchObject({ first_submission_at: expect.any(String) });
    expect(
      h.events.some((event) => event.event === 'SystemUpdated' && JSON.stringify(event.payload).includes(system.id)),
    ).toBe(true);
    const [event] = await eventsOf(h, system.id);
    expect(event).toMatchObject({
      kind: 'webhook',
      name: 'form.submitted',
      outcome: 'ok',
      details: { form_id: form.id, customer_id: customer.id, customer_created: true },
    });

    // The form is listed with the business's other forms (forms/view).
    const listed = await h.call(`businesses/forms/${b}/list`, {}, owner.token);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body.data)).toContain(form.id);
  });

  it('matches the contact who has that email, or that phone (spaces removed), and creates no one', async () => {
    const { owner, b } = await business();
    const system = await insertLeadcatcher(h, b);
    const email = uniqueEmail();
    const phone = uniquePhone();
    const byEmail = await createCustomer(h, b, owner.token, { first_name: 'Maria', emails: [email], phones: [] });
    const byPhone = await createCustomer(h, b, owner.token, { first_name: 'Tom', emails: [], phones: [phone] });

    expect((await submitJson(h, system.id, { name: 'M. Lopez', email })).status).toBe(200);
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    expect((await submitJson(h, system.id, { name: 'Tom', phone: spaced, message: 'Call me' })).status).toBe(200);
    // Both given: the email's contact wins; the contact is not changed by what a public form says.
    expect((await submitJson(h, system.id, { name: 'Maria', email, phone })).status).toBe(200);

    expect((await customersOf(b)).map((row) => row.id).sort()).toEqual([byEmail._id, byPhone._id].sort());
    const forms = await formsOf(h, b);
    expect(forms.map((form) => form.customerId)).toEqual([byEmail._id, byPhone._id, byEmail._id]);
    const [maria] = (await customersOf(b)).filter((row) => row.id === byEmail._id);
    expect(maria.phones).toEqual([]);
    expect(forms[0].phonesFound).toEqual([phone]);
  });

  it('refuses what is missing or malformed with the messages, next to their fields', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    const noName = await submitJson(h, system.id, { name: ' ', email: uniqueEmail() });
    expect(noName).toMatchObject({
      status: 422,
      body: { errors: ['Name is required.'], field_errors: { name: ['Name is required.'] } },
    });
    const noContact = await submitJson(h, system.id, { name: 'Ann', message: 'hello' });
    expect(noContact.status).toBe(422);
    expect(noContact.body.field_errors).toEqual({
      email: ['Leave an email or a phone number so we can reply.'],
      phone: ['Leave an email or a phone number so we can reply.'],
    });
    expect(noContact.body.errors).toEqual(['Leave an email or a phone number so we can reply.']);
    const bad = await submitJson(h, system.id, {
      name: 'Ann',
      email: 'ann@',
      phone: '12345',
      message: 'x'.repeat(5001),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.field_errors).toEqual({
      email: ['Email is not valid.'],
      phone: [messages.phone.invalid],
      message: ['Message must be less than 5000 characters.'],
    });
    expect(await formsOf(h, b)).toHaveLength(0);
    expect(await customersOf(b)).toHaveLength(0);
    const malformed = await h.request(`leadcatcher/${system.id}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ errors: ['The request body is not valid JSON.'] });
  });
});

describe('a plain form post (no JavaScript)', () => {
  it('is stored and redirected (303) to the thank-you page, which shows the success message', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b, { success_message: 'Got it — talk soon!' });
    const response = await submitForm(
      h,
      system.id,
      { name: 'Bo Chen', email: uniqueEmail(), phone: '', message: 'Hi', website: '' },
      { referer: 'https://bo.example/contact-us' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/api/v1/leadcatcher/${system.id}/form?sent=1`);
    const [form] = await formsOf(h, b);
    expect(form.details).toMatchObject({
      page_url: 'https://bo.example/contact-us',
      fields: { name: 'Bo Chen', message: 'Hi' },
    });

    const page = await h.request(`leadcatcher/${system.id}/form?sent=1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Got it — talk soon!');
    expect(html).toContain('role="status"');
    expect(html).not.toContain('<form');
  });

  it('goes to the redirect URL when one is set', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b, { redirect_url: 'https://bo.example/thanks' });
    const response = await submitForm(h, system.id, { name: 'Bo', phone: uniquePhone() });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://bo.example/thanks');
  });

  it('refused, comes back as the form with the messages and what was typed (escaped), status 422', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b);
    const response = await submitForm(h, system.id, {
      name: '',
      email: 'not-an-email',
      message: '<b>Hello</b> "there"',
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Name is required.');
    expect(html).toContain('Email is not valid.');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('&lt;b&gt;Hello&lt;/b&gt; &quot;there&quot;');
    expect(html).not.toContain('<b>Hello</b>');
    expect(html).toMatch(
      /<input id="lc-name" name="name" required maxlength="100" autocomplete="name" aria-describedby="lc-name-error" aria-invalid="true"/,
    );
    expect(await formsOf(h, b)).toHaveLength(0);
  });
});

describe('the follow-up', () => {
  it('by SMS texts the lead from the business number, on the timeline as an outbound SMS', async () => {
    const { b } = await business();
    const telephony = await insertTelephony(h, b);
    const system = await insertLeadcatcher(h, b, {
      follow_up: 'sms',
      follow_up_template: 'Hi {first_name}, {business_name} got your message.',
    });
    const phone = uniquePhone();
    expect((await submitJson(h, system.id, { name: 'Ivy Stone', phone, message: 'Need a quote' })).status).toBe(200);

    const business_ = (await h.database.db.query.businesses.findFirst({
      where: (row, { eq: equals }) => equals(row.id, b),
    }))!;
    const [outbox] = await h.outboxFor(phone, 'sms');
    expect(outbox.from).toBe(telephony.phoneNumber);
    // The template, then the assistant's own answer to what the lead wrote.
    expect(outbox.body.startsWith(`Hi Ivy, ${business_.name} got your message.\n\n`)).toBe(true);
    expect(outbox.body.length).toBeGreaterThan(`Hi Ivy, ${business_.name} got your message.\n\n`.length);
    const [sms] = await smsesOf(h, b);
    const [form] = await formsOf(h, b);
    expect(sms).toMatchObject({
      direction: 'outbound',
      from: telephony.phoneNumber,
      to: phone,
      body: outbox.body,
      customerId: form.customerId,
      systemId: telephony.id,
      details: { purpose: 'lead_follow_up', form_id: form.id },
    });
    expect(form.details).toMatchObject({
      follow_up: { channel: 'sms', sent: true, to: phone, item_id: sms.id, error: null },
    });
    expect((await eventsOf(h, system.id)).map((event) => [event.name, event.outcome])).toEqual([
      ['follow_up.sms', 'ok'],
      ['form.submitted', 'ok'],
    ]);
  });

  it('by SMS without a business number is recorded as failed, and the submission is kept', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b, { follow_up: 'sms' });
    const phone = uniquePhone();
    const result = await submitJson(h, system.id, { name: 'Ivy', phone });
    expect(result.status).toBe(200);
    expect(await h.outboxFor(phone, 'sms')).toHaveLength(0);
    expect(await formsOf(h, b)).toHaveLength(1);
    const [event] = await eventsOf(h, system.id);
    expect(event).toMatchObject({
      name: 'follow_up.sms',
      outcome: 'failed',
      error: expect.stringContaining('no phone number to text from'),
    });
  });

  it('refused by the SMS provider is recorded as failed, and the submission is kept', async () => {
    const { b } = await business();
    await insertTelephony(h, b);
    const system = await insertLeadcatcher(h, b, { follow_up: 'sms' });
    const original = h.deps.telephony.sendSms;
    h.deps.telephony.sendSms = async () => {
      throw new TelephonyError('The provider is unreachable.');
    };
    try {
      expect((await submitJson(h, system.id, { name: 'Ivy', phone: uniquePhone() })).status).toBe(200);
    } finally {
      h.deps.telephony.sendSms = original;
    }
    const [form] = await formsOf(h, b);
    expect(form.details).toMatchObject({
      follow_up: { channel: 'sms', sent: false, error: 'The provider is unreachable.' },
    });
    expect(await smsesOf(h, b)).toHaveLength(0);
    expect((await eventsOf(h, system.id))[0]).toMatchObject({
      name: 'follow_up.sms',
      outcome: 'failed',
      error: 'The provider is unreachable.',
    });
  });

  it('by email sends the template and notes it on the contact’s timeline', async () => {
    const { b } = await business();
    const system = await insertLeadcatcher(h, b, { follow_up: 'email', follow_up_template: 'Hello {name}, thanks!' });
    const email = uniqueEmail();
    expect((await submitJson(h, system.id, { name: 'Kim Park', email })).status).toBe(200);
    const [mail] = await h.outboxFor(email, 'email');
    expect(mail).toMatchObject({
      body: 'Hello Kim Park, thanks!',
      subject: expect.stringMatching(/^Thanks for contacting /),
    });
    const [form] = await formsOf(h, b);
    const [note] = await h.database.db
      .select()
      .from(timelineItems)
      .where(and(eq(timelineItems.businessId, b), eq(timelineItems.type, 'note')));
    expect(note).toMatchObject({
      customerId: form.customerId,
      body: `Emailed ${email} (lead follow-up): Hello Kim Park, thanks!`,
    });
    expect(form.details).toMatchObject({ follow_up: { channel: 'email', sent: true, to: email, item_id: note.id } });
  });
});
