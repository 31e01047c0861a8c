import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemMessages } from '#contract/schemas/system';
import { systems } from '#api/db/schema';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  closedAllWeek,
  eventsOf,
  openAllWeek,
  phoneSystem,
  randomUkMobile,
  setBusinessSettings,
} from '#tests/support/inbound-fixtures';
import { addSystem } from '#tests/support/system-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const simulate = (b: string, systemId: string, body: unknown, token: string) =>
  h.call(`businesses/systems/${b}/settings/${systemId}/simulate`, body, token);
type Line = { speaker: string; text: string };

describe('the sandbox simulator', () => {
  it('plays a call line by line through the voice handlers: the transcript says who said what, and the call has its transcript and summary', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    const from = randomUkMobile();
    const result = await simulate(
      b,
      system._id,
      {
        kind: 'call',
        from,
        says: 'What are your opening hours?\nDo you sell gift vouchers for birthdays?\nThanks, bye',
      },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const transcript: Line[] = result.body.data.transcript;
    expect(transcript.map((line) => line.speaker)).toEqual([
      'assistant',
      'caller',
      'assistant',
      'caller',
      'assistant',
      'caller',
      'assistant',
    ]);
    expect(transcript[0].text).toContain(owner.business.name);
    expect(transcript[1].text).toBe('What are your opening hours?');
    const call = result.body.data.call;
    expect(call).toMatchObject({
      type: 'call',
      direction: 'inbound',
      status: 'completed',
      from,
      to: system.phone_number,
    });
    expect(call.customer_id).toBeTruthy();
    expect(call.details.transcript).toContain('Caller: Do you sell gift vouchers for birthdays?');
    expect(call.details.summary).toContain('What are your opening hours?');
    // The unanswerable question became a question memory for the owner to answer.
    const questions = await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token);
    expect(questions.body.data.questions.map((question: { content: string }) => question.content)).toContain(
      'Do you sell gift vouchers for birthdays?',
    );
    const names = (await eventsOf(h, system._id)).map((event) => event.name);
    expect(names).toEqual(expect.arrayContaining(['voice.incoming', 'voice.gather', 'call.status']));
  });

  it('shows a transfer when the caller asks for a person', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const escalation = randomUkMobile();
    await setBusinessSettings(h, b, owner.token, { assistant: { escalation_phone: escalation } });
    const result = await simulate(
      b,
      system._id,
      { kind: 'call', from: randomUkMobile(), says: 'Can I talk to a real person?\nHello?' },
      owner.token,
    );
    const transcript: Line[] = result.body.data.transcript;
    expect(transcript).toContainEqual({ speaker: 'system', text: `Put through to ${escalation}` });
    expect(transcript.filter((line) => line.speaker === 'caller')).toHaveLength(1);
    expect(result.body.data.call.details.transferred_to).toBe(escalation);
  });

  it('a missed call is one nobody answered: missed_call, and the caller is texted back', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const from = randomUkMobile();
    const result = await simulate(b, system._id, { kind: 'missed_call', from }, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data.call.status).toBe('missed_call');
    const transcript: Line[] = result.body.data.transcript;
    // Nobody answered, so the caller heard no greeting.
    expect(transcript.filter((line) => line.speaker === 'assistant')).toEqual([]);
    expect(transcript).toContainEqual({ speaker: 'system', text: 'Nobody answered; the caller rang off.' });
    expect(transcript.at(-1)).toMatchObject({
      speaker: 'system',
      text: expect.stringContaining(`Texted ${from} back: Sorry we missed your call`),
    });
  });

  it('a call where the caller says nothing hangs up after the greeting: abandoned, and nobody is texted (issue 22, item 24)', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    const from = randomUkMobile();
    const result = await simulate(b, system._id, { kind: 'call', from, says: '' }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.call.status).toBe('abandoned');
    const transcript: Line[] = result.body.data.transcript;
    expect(transcript[0].speaker).toBe('assistant');
    expect(transcript.at(-1)).toEqual({ speaker: 'system', text: 'The caller hung up after the greeting.' });
    expect(result.body.data.call.details.summary).toMatch(/hung up after the greeting/);
    expect(await h.outboxFor(from, 'sms')).toEqual([]);
  });

  it('outside opening hours what the caller says becomes the voicemail', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: closedAllWeek() });
    const result = await simulate(
      b,
      system._id,
      { kind: 'call', from: randomUkMobile(), says: 'Hi, my tap is leaking.\nPlease call me back.' },
      owner.token,
    );
    const transcript: Line[] = result.body.data.transcript;
    expect(transcript[0].text).toMatch(/closed at the moment/);
    expect(transcript).toContainEqual({ speaker: 'system', text: 'Recording a voicemail' });
    expect(transcript).toContainEqual({ speaker: 'caller', text: 'Hi, my tap is leaking. Please call me back.' });
    const call = result.body.data.call;
    expect(call.status).toBe('voicemail');
    expect(call.details).toMatchObject({
      voicemail: true,
      voicemail_transcript: 'Hi, my tap is leaking. Please call me back.',
    });
    expect(call.details.summary).toContain('my tap is leaking');
  });

  it('plays an SMS: the assistant answers it by SMS', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const from = randomUkMobile();
    const result = await simulate(b, system._id, { kind: 'sms', from, says: 'Hi! Where are you based?' }, owner.token);
    expect(result.status).toBe(200);
    const transcript: Line[] = result.body.data.transcript;
    expect(transcript.map((line) => line.speaker)).toEqual(['caller', 'assistant']);
    expect(result.body.data.sms).toMatchObject({
      type: 'sms',
      direction: 'inbound',
      from,
      body: 'Hi! Where are you based?',
    });
    expect((await h.outboxFor(from, 'sms')).map((entry) => entry.body)).toEqual([transcript[1].text]);
  });

  it('validates its input', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const noText = await simulate(b, system._id, { kind: 'sms', from: randomUkMobile(), says: '  ' }, owner.token);
    expect(noText.status).toBe(422);
    expect(noText.body.field_errors).toEqual({ says: [systemMessages.messageRequired] });
    const badKind = await simulate(b, system._id, { kind: 'fax', from: randomUkMobile() }, owner.token);
    expect(badKind.status).toBe(422);
    expect(badKind.body.field_errors?.kind).toEqual(['Choose call, missed_call or sms.']);
    const badFrom = await simulate(b, system._id, { kind: 'call', from: 'nope' }, owner.token);
    expect(badFrom.status).toBe(422);
    expect(Object.keys(badFrom.body.field_errors ?? {})).toEqual(['from']);
  });

  it('works on sandbox phone systems with a number only', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const noNumber = await addSystem(h, b, owner.token, 'telephony');
    const unnumbered = await simulate(b, noNumber._id, { kind: 'call', from: randomUkMobile() }, owner.token);
    expect(unnumbered.status).toBe(422);
    expect(unnumbered.body.errors).toEqual([systemMessages.needsNumber]);

    await h.deps.db.update(systems).set({ provider: 'twilio' }).where(eq(systems.id, system._id));
    const real = await simulate(b, system._id, { kind: 'call', from: randomUkMobile() }, owner.token);
    expect(real.status).toBe(422);
    expect(real.body.errors).toEqual([systemMessages.sandboxOnly]);
  });

  it("needs systems/edit, and another business's system is never found", async () => {
    const { owner, b, system } = await phoneSystem(h);
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['systems/view']);
    const refused = await simulate(b, system._id, { kind: 'missed_call', from: randomUkMobile() }, viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([systemMessages.editRefusal]);

    const other = await phoneSystem(h);
    const outsider = await simulate(b, system._id, { kind: 'missed_call', from: randomUkMobile() }, other.owner.token);
    expect(outsider.status).toBe(404);
    const crossed = await simulate(
      other.b,
      system._id,
      { kind: 'missed_call', from: randomUkMobile() },
      other.owner.token,
    );
    expect(crossed.status).toBe(404);
    const unauthenticated = await simulate(b, system._id, { kind: 'missed_call', from: randomUkMobile() }, '');
    expect(unauthenticated.status).toBe(401);
    // Nothing was played: no webhook event on the system.
    expect((await eventsOf(h, system._id)).filter((event) => event.kind === 'webhook')).toHaveLength(0);
    expect(owner.business._id).toBe(b);
  });
});
