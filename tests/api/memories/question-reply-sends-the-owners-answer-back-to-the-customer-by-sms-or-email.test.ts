import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMemory } from '#contract/envelope';
import { timelineItems } from '#api/db/schema';
import { createConversation } from '#api/services/assistant/conversations';
import { postMessage, waitForReplies } from '#api/services/assistant/turns';
import { createMemory } from '#api/features/memories/service';
import { TelephonyError } from '#api/services/telephony/provider';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { randomMobile } from '#tests/support/expect-envelope';
import { insertLeadcatcher, insertTelephony, smsesOf, submitJson } from '#tests/support/leadcatcher';
import { memories } from '#api/db/schema';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => waitForReplies(h.deps));
afterAll(() => h.close());

const UNANSWERABLE = 'Do you sell gift vouchers for birthdays?';
const ANSWER = 'Yes: gift vouchers from £20, in the shop or by phone.';

async function business() {
  const owner = await h.signUpWithBusiness();
  return { owner, b: owner.business._id as string, name: owner.business.name as string };
}

/** A question as the assistant records it: linked to the contact and their conversation. */
function question(b: string, meta: Record<string, unknown>, content = UNANSWERABLE) {
  return createMemory(h.deps, b, {
    type: 'question',
    status: 'active',
    content,
    meta: { source: 'assistant', asked_count: 1, ...meta },
  });
}

async function answer(owner: { token: string }, b: string, id: string, body: Record<string, unknown>) {
  return h.call(`businesses/memories/${b}/answer/${id}`, body, owner.token);
}

async function notesOf(b: string) {
  return h.database.db
    .select()
    .from(timelineItems)
    .where(and(eq(timelineItems.businessId, b), eq(timelineItems.type, 'note')));
}

describe('answering a question with "send to the customer"', () => {
  it('closes the loop for a web form: the assistant answers the lead by email, records what it could not answer, and the owner’s answer is emailed back', async () => {
    const { owner, b } = await business();
    const system = await insertLeadcatcher(h, b, {
      follow_up: 'email',
      follow_up_template: 'Hello {first_name}, thanks for writing.',
    });
    const email = uniqueEmail();
    expect((await submitJson(h, system.id, { name: 'Rae Quinn', email, message: UNANSWERABLE })).status).toBe(200);

    const [followUp] = await h.outboxFor(email, 'email');
    expect(followUp.body).toMatch(/^Hello Rae, thanks for writing\.\n\n\S/);
    expect(followUp.body).toMatch(/passed your question to the team/);
    const [recorded] = await h.database.db
      .select()
      .from(memories)
      .where(and(eq(memories.businessId, b), eq(memories.type, 'question')));
    expect(recorded).toMatchObject({
      content: expect.stringContaining('gift vouchers'),
      meta: expect.objectContaining({ channel: 'form' }),
    });

    const answered = await answer(owner, b, recorded.id, { answer: ANSWER, send_to_customer: true });
    expect(answered.body.messages).toEqual([
      'Question answered.',
      `The answer was sent to Rae Quinn by email (${email}).`,
    ]);
    const [reply] = await h.outboxFor(email, 'email');
    expect(reply.body).toContain(ANSWER);
  });

  it('texts the answer from the business number to the caller who asked, on their timeline, and keeps it in the knowledge base', async () => {
    const { owner, b, name } = await business();
    const telephony = await insertTelephony(h, b);
    const phone = randomMobile();
    const customer = await createCustomer(h, b, owner.token, {
      first_name: 'Maria',
      last_name: 'Lopez',
      phones: [phone],
      emails: [uniqueEmail()],
    });
    // The assistant could not answer on an SMS conversation with Maria: it recorded the question.
    const conversation = await createConversation(h.deps, b, { channel: 'sms', customerId: customer._id });
    const turn = await postMessage(h.deps, { businessId: b, conversationId: conversation.id, message: UNANSWERABLE });
    const recorded = turn.reply.actions?.find((action) => action.type === 'question_recorded');
    expect(recorded).toBeDefined();
    const memoryId = (recorded as { memory_id: string }).memory_id;

    const result = await answer(owner, b, memoryId, { answer: ANSWER, send_to_customer: true });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([
      'Question answered.',
      `The answer was sent to Maria Lopez by SMS (${phone}).`,
    ]);
    const memory = result.body.data.memory as ApiMemory;
    expect(memory).toMatchObject({ type: 'answered_question', answer: ANSWER });
    expect(memory.meta.answer_sent).toEqual([
      expect.objectContaining({ customer_id: customer._id, channel: 'sms', to: phone }),
    ]);

    const [sent] = await h.outboxFor(phone, 'sms');
    expect(sent.from).toBe(telephony.phoneNumber);
    expect(sent.body).toBe(`Hi Maria, you asked us: "${UNANSWERABLE}"\n${ANSWER}\n– ${name}`);
    const [sms] = await smsesOf(h, b);
    expect(sms).toMatchObject({
      direction: 'outbound',
      to: phone,
      from: telephony.phoneNumber,
      customerId: customer._id,
      body: sent.body,
      systemId: telephony.id,
      details: { purpose: 'question_answer', memory_id: memoryId },
    });
    expect(result.body.data.replies).toEqual([
      {
        customer_id: customer._id,
        sent: true,
        channel: 'sms',
        to: phone,
        item_id: sms.id,
        message: expect.any(String),
      },
    ]);

    // The answer is in the knowledge base: the question is no longer open, and search finds it.
    const open = await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token);
    expect(open.body.data.questions).toEqual([]);
    const search = await h.call(`businesses/memories/${b}/search`, { query: 'gift vouchers' }, owner.token);
    expect(search.body.data.results[0].source._id).toBe(memoryId);
  });

  it('emails the answer to a web form lead, or to a contact with only an email, noted on their timeline', async () => {
    const { owner, b, name } = await business();
    await insertTelephony(h, b);
    const formEmail = uniqueEmail();
    const formLead = await createCustomer(h, b, owner.token, {
      first_name: 'Kim',
      last_name: null,
      emails: [formEmail],
      phones: [randomMobile()],
    });
    const onlyEmail = uniqueEmail();
    const emailOnly = await createCustomer(h, b, owner.token, {
      first_name: 'Lou',
      last_name: null,
      emails: [onlyEmail],
      phones: [],
    });
    const fromForm = await question(b, { channel: 'form', customer_id: formLead._id, customer_ids: [formLead._id] });
    const fromSms = await question(
      b,
      { channel: 'sms', customer_id: emailOnly._id, customer_ids: [emailOnly._id] },
      'Are you open on bank holidays?',
    );

    const first = await answer(owner, b, fromForm._id, { answer: ANSWER, send_to_customer: 'on' });
    expect(first.body.messages).toEqual(['Question answered.', `The answer was sent to Kim by email (${formEmail}).`]);
    const [mail] = await h.outboxFor(formEmail, 'email');
    expect(mail).toMatchObject({
      subject: `The answer to your question to ${name}`,
      body: expect.stringContaining(ANSWER),
    });
    expect(mail.body).toContain(UNANSWERABLE);
    expect(await h.outboxFor(formLead.phones[0], 'sms')).toHaveLength(0);

    const second = await answer(owner, b, fromSms._id, { answer: 'Yes, 10:00 to 16:00.', send_to_customer: true });
    expect(second.body.messages).toEqual(['Question answered.', `The answer was sent to Lou by email (${onlyEmail}).`]);
    const notes = await notesOf(b);
    expect(notes.map((note) => [note.customerId, note.body?.split(':')[0]])).toEqual(
      expect.arrayContaining([
        [formLead._id, `Emailed ${formEmail} (the answer to their question)`],
        [emailOnly._id, `Emailed ${onlyEmail} (the answer to their question)`],
      ]),
    );
  });

  it('sends the answer to every contact who asked the same question', async () => {
    const { owner, b } = await business();
    await insertTelephony(h, b);
    const one = await createCustomer(h, b, owner.token, {
      first_name: 'Ana',
      last_name: null,
      phones: [randomMobile()],
    });
    const two = await createCustomer(h, b, owner.token, {
      first_name: 'Ben',
      last_name: null,
      phones: [randomMobile()],
    });
    const asked = await question(b, {
      channel: 'call',
      customer_id: one._id,
      customer_ids: [one._id, two._id],
      asked_count: 2,
    });
    const result = await answer(owner, b, asked._id, { answer: ANSWER, send_to_customer: true });
    expect(result.body.messages).toEqual([
      'Question answered.',
      `The answer was sent to Ana by SMS (${one.phones[0]}).`,
      `The answer was sent to Ben by SMS (${two.phones[0]}).`,
    ]);
    expect(await h.outboxFor(one.phones[0], 'sms')).toHaveLength(1);
    expect(await h.outboxFor(two.phones[0], 'sms')).toHaveLength(1);
  });
});

describe('when the answer cannot be sent', () => {
  it('saves the answer and says why: no business number, no contact details, no contact', async () => {
    const { owner, b } = await business();
    const phone = randomMobile();
    const caller = await createCustomer(h, b, owner.token, {
      first_name: 'Ola',
      last_name: null,
      phones: [phone],
      emails: [],
    });
    const noDetails = await createCustomer(h, b, owner.token, {
      first_name: 'Pat',
      last_name: null,
      phones: [],
      emails: [],
    });

    const noNumber = await answer(owner, b, (await question(b, { channel: 'call', customer_id: caller._id }))._id, {
      answer: ANSWER,
      send_to_customer: true,
    });
    expect(noNumber.status).toBe(200);
    expect(noNumber.body.messages).toEqual([
      'Question answered.',
      'The answer was saved; it could not be sent because the business has no phone number to text from (set one up under Settings → Systems).',
    ]);
    expect(noNumber.body.data.memory.type).toBe('answered_question');
    expect(await h.outboxFor(phone, 'sms')).toHaveLength(0);

    await insertTelephony(h, b);
    const q = await question(b, { channel: 'call', customer_id: noDetails._id }, 'Do you deliver?');
    const none = await answer(owner, b, q._id, { answer: ANSWER, send_to_customer: true });
    expect(none.body.messages).toEqual([
      'Question answered.',
      'The answer was saved; it could not be sent because Pat has no phone number or email.',
    ]);

    const anonymous = await question(b, { channel: 'chat' }, 'Is parking free?');
    const noContact = await answer(owner, b, anonymous._id, { answer: 'Yes.', send_to_customer: true });
    expect(noContact.body.messages).toEqual([
      'Question answered.',
      'The answer was saved; it could not be sent because the question is not linked to a contact.',
    ]);
    expect(await smsesOf(h, b)).toHaveLength(0);
  });

  it('saves the answer and says so when the SMS provider refuses', async () => {
    const { owner, b } = await business();
    await insertTelephony(h, b);
    const caller = await createCustomer(h, b, owner.token, {
      first_name: 'Ola',
      last_name: null,
      phones: [randomMobile()],
    });
    const asked = await question(b, { channel: 'call', customer_id: caller._id });
    const original = h.deps.telephony.sendSms;
    h.deps.telephony.sendSms = async () => {
      throw new TelephonyError('the provider is unreachable');
    };
    try {
      const result = await answer(owner, b, asked._id, { answer: ANSWER, send_to_customer: true });
      expect(result.status).toBe(200);
      expect(result.body.messages).toEqual([
        'Question answered.',
        'The answer was saved; it could not be sent because the provider is unreachable.',
      ]);
      expect(result.body.data.memory).toMatchObject({ type: 'answered_question', answer: ANSWER });
      expect(result.body.data.memory.meta.answer_sent).toBeUndefined();
    } finally {
      h.deps.telephony.sendSms = original;
    }
    expect(await smsesOf(h, b)).toHaveLength(0);
  });

  it('sends nothing unless asked to', async () => {
    const { owner, b } = await business();
    await insertTelephony(h, b);
    const phone = randomMobile();
    const caller = await createCustomer(h, b, owner.token, { first_name: 'Ola', phones: [phone] });
    const asked = await question(b, { channel: 'call', customer_id: caller._id });
    for (const body of [
      { answer: ANSWER },
      { answer: ANSWER, send_to_customer: false },
      { answer: ANSWER, send_to_customer: 'off' },
    ]) {
      const result = await answer(owner, b, asked._id, body);
      expect(result.body.messages).toEqual(['Question answered.']);
      expect(result.body.data.replies).toBeUndefined();
    }
    expect(await h.outboxFor(phone, 'sms')).toHaveLength(0);
  });
});

describe('tenant isolation', () => {
  it("never reaches another business's contact or number, and another business's question is not found", async () => {
    const a = await business();
    const other = await business();
    await insertTelephony(h, other.b);
    const phone = randomMobile();
    const theirs = await createCustomer(h, other.b, other.owner.token, { first_name: 'Zoe', phones: [phone] });
    // A question of A that (somehow) names B's contact: the contact is not A's, nothing is sent.
    const forged = await question(a.b, { channel: 'call', customer_id: theirs._id });
    const result = await answer(a.owner, a.b, forged._id, { answer: ANSWER, send_to_customer: true });
    expect(result.body.messages).toEqual([
      'Question answered.',
      'The answer was saved; it could not be sent because the contact who asked it is no longer among your contacts.',
    ]);
    expect(await h.outboxFor(phone, 'sms')).toHaveLength(0);

    const bQuestion = await question(other.b, { channel: 'call', customer_id: theirs._id });
    const cross = await answer(a.owner, a.b, bQuestion._id, { answer: ANSWER, send_to_customer: true });
    expect(cross.status).toBe(404);
    const foreign = await answer(a.owner, other.b, bQuestion._id, { answer: ANSWER, send_to_customer: true });
    expect(foreign.status).toBe(404);
    expect(await h.outboxFor(phone, 'sms')).toHaveLength(0);
  });
});
