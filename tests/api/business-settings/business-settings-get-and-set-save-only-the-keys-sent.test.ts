import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import {
  DEFAULT_ASSISTANT_SETTINGS,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_OPENING_HOURS,
} from '#contract/schemas/business-settings';
import type { Speech } from '#api/services/speech/types';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
let withVoice: Harness;

/** Speech that does nothing useful: only its presence matters here. */
const stubSpeech: Speech = {
  stt: { name: 'stub', transcribe: async () => 'hello' },
  tts: {
    name: 'stub',
    async *speak() {
      yield new Uint8Array(44);
    },
  },
};

beforeAll(async () => {
  h = await createHarness();
  withVoice = await createHarness({
    speech: stubSpeech,
    assistantModel: { baseUrl: 'https://model.test/v1', model: 'test-model' },
  });
});
afterAll(async () => {
  await h.close();
  await withVoice.close();
});

const get = (harness: Harness, b: string, token?: string) =>
  harness.call(`businesses/settings/${b}/get`, undefined, token);
const set = (harness: Harness, b: string, body: unknown, token?: string) =>
  harness.call(`businesses/settings/${b}/set`, body, token);
const EDIT_REFUSAL = 'You do not have permission to edit the business settings';

describe('businesses/settings/{business_id}/get', () => {
  it('answers data.business_settings with the defaults before anything is saved, and what this server offers', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await get(h, owner.business._id, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.messages).toEqual([]);
    expect(result.body.data.business_settings).toEqual({
      timezone: 'Europe/London',
      opening_hours: null,
      overwrites: [],
      assistant: DEFAULT_ASSISTANT_SETTINGS,
      model_available: false,
      voice_available: false,
      notifications: DEFAULT_NOTIFICATION_PREFERENCES,
    });
  });

  it('says model_available and voice_available when the server has a model and speech', async () => {
    const owner = await withVoice.signUpWithBusiness();
    const { business_settings } = (await get(withVoice, owner.business._id, owner.token)).body.data;
    expect(business_settings).toMatchObject({ model_available: true, voice_available: true });
  });

  it('is open to any member, even one without permissions', async () => {
    const owner = await h.signUpWithBusiness();
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, []);
    expect((await get(h, owner.business._id, member.token)).status).toBe(200);
  });
});

describe('businesses/settings/{business_id}/set', () => {
  it("saves only the keys sent, answers the settings with 'Settings saved.', and publishes BusinessUpdated", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = await set(
      h,
      b,
      { opening_hours: DEFAULT_OPENING_HOURS, assistant: { name: 'Ella', tone: 'professional' } },
      owner.token,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.messages).toEqual(['Settings saved.']);
    expect(first.body.data.business_settings.opening_hours).toEqual(DEFAULT_OPENING_HOURS);

    const before = h.events.length;
    const second = await set(h, b, { assistant: { greeting: 'Hello from Ella.' } }, owner.token);
    const settings = second.body.data.business_settings;
    expect(settings.opening_hours).toEqual(DEFAULT_OPENING_HOURS);
    expect(settings.assistant).toEqual({
      ...DEFAULT_ASSISTANT_SETTINGS,
      name: 'Ella',
      tone: 'professional',
      greeting: 'Hello from Ella.',
    });
    expect((await get(h, b, owner.token)).body.data.business_settings).toEqual(settings);

    const events = h.events.slice(before);
    expect(
      events.some((event) => event.event === 'BusinessUpdated' && event.channels.includes(`private-business.${b}`)),
    ).toBe(true);
  });

  it('clears the opening hours with null and the escalation phone with null or an empty string', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    await set(
      h,
      b,
      {
        opening_hours: DEFAULT_OPENING_HOURS,
        assistant: { escalation_phone: '+441234567890', when_unsure: 'transfer' },
      },
      owner.token,
    );
    const cleared = await set(h, b, { opening_hours: null, assistant: { escalation_phone: '' } }, owner.token);
    expect(cleared.body.data.business_settings.opening_hours).toBeNull();
    expect(cleared.body.data.business_settings.assistant).toMatchObject({
      escalation_phone: null,
      when_unsure: 'transfer',
    });
  });

  it('gives each new overwrite an _id, keeps the _id of one sent back, and sorts them by date', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = await set(
      h,
      b,
      {
        overwrites: [
          { date: '2026-12-26', note: 'Boxing Day' },
          { date: '2026-12-25', note: 'Christmas Day' },
        ],
      },
      owner.token,
    );
    const saved = first.body.data.business_settings.overwrites;
    expect(saved.map((entry: { date: string }) => entry.date)).toEqual(['2026-12-25', '2026-12-26']);
    // Spec section 3: a new entry is closed, all day, 00:00 to 23:59.
    expect(saved[0]).toMatchObject({
      all_day: true,
      status: 'closed',
      start: '00:00',
      end: '23:59',
      note: 'Christmas Day',
    });
    expect(saved[0]._id).toEqual(expect.any(String));
    expect(saved[0]._id).not.toBe(saved[1]._id);

    const christmas = saved[0];
    const second = await set(
      h,
      b,
      {
        overwrites: [
          { ...christmas, status: 'open', all_day: false, start: '10:00', end: '14:00' },
          { date: '2027-01-01', note: "New Year's Day" },
        ],
      },
      owner.token,
    );
    const next = second.body.data.business_settings.overwrites;
    expect(next).toHaveLength(2);
    expect(next[0]).toEqual({ ...christmas, status: 'open', all_day: false, start: '10:00', end: '14:00' });
    expect(next[1]._id).not.toBe(saved[1]._id);
  });

  it("changes the business's timezone", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const result = await set(h, b, { timezone: 'America/New_York' }, owner.token);
    expect(result.body.data.business_settings.timezone).toBe('America/New_York');
    const listed = await h.call('users/list-businesses', undefined, owner.token);
    expect(listed.body.data.businesses.find((entry: { _id: string }) => entry._id === b).timezone).toBe(
      'America/New_York',
    );
  });

  it('validates with clear messages and saves nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const week = (change: Record<string, unknown>) =>
      DEFAULT_OPENING_HOURS.map((day, index) => (index === 0 ? { ...day, ...change } : day));
    expectFieldError(
      await set(h, b, { opening_hours: week({ start: '9am' }) }, owner.token),
      'opening_hours[0].start',
      messages.hours.timeInvalid,
    );
    expectFieldError(
      await set(h, b, { opening_hours: week({ open: true, start: '17:00', end: '09:00' }) }, owner.token),
      'opening_hours[0].end',
      messages.hours.endBeforeStart,
    );
    expectFieldError(
      await set(h, b, { opening_hours: DEFAULT_OPENING_HOURS.slice(0, 6) }, owner.token),
      'opening_hours',
      'Opening hours need all seven days.',
    );
    expectFieldError(
      await set(h, b, { overwrites: [{ date: '' }] }, owner.token),
      'overwrites[0].date',
      messages.required,
    );
    expectFieldError(
      await set(h, b, { overwrites: [{ date: '2026-02-30' }] }, owner.token),
      'overwrites[0].date',
      messages.hours.dateInvalid,
    );
    expectFieldError(
      await set(
        h,
        b,
        { overwrites: [{ date: '2026-12-24', all_day: false, start: '15:00', end: '12:00' }] },
        owner.token,
      ),
      'overwrites[0].end',
      messages.hours.endBeforeStart,
    );
    expectFieldError(
      await set(h, b, { assistant: { escalation_phone: '12345' } }, owner.token),
      'assistant.escalation_phone',
      messages.phone.invalid,
    );
    expectFieldError(await set(h, b, { timezone: 'Mars/Olympus' }, owner.token), 'timezone', messages.timezone.invalid);
    expectFailureEnvelope(await set(h, b, { assistant: { tone: 'sarcastic' } }, owner.token), 422);
    expectFailureEnvelope(await set(h, b, { assistant: { provider: 'skynet' } }, owner.token), 422);
    const after = (await get(h, b, owner.token)).body.data.business_settings;
    expect(after).toMatchObject({
      opening_hours: null,
      overwrites: [],
      timezone: 'Europe/London',
      assistant: DEFAULT_ASSISTANT_SETTINGS,
    });
  });

  it(`needs businesses/edit or admin: others get 403 '${EDIT_REFUSAL}' and nothing changes`, async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['memories/view', 'services/edit']);
    const refused = await set(h, b, { assistant: { name: 'Hacked' } }, viewer.token);
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual([EDIT_REFUSAL]);
    expect((await get(h, b, owner.token)).body.data.business_settings.assistant.name).toBe('');

    const editor = await h.signUp();
    await h.addMember(b, editor.user.id, ['businesses/edit']);
    expect((await set(h, b, { assistant: { name: 'Ella' } }, editor.token)).status).toBe(200);
    const admin = await h.signUp();
    await h.addMember(b, admin.user.id, ['admin']);
    expect((await set(h, b, { assistant: { name: 'Eli' } }, admin.token)).status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('signed-out callers get 401 and non-members 404 from get and set; nothing changes', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const stranger = await h.signUpWithBusiness();
    expectFailureEnvelope(await get(h, b), 401);
    expectFailureEnvelope(await set(h, b, { assistant: { name: 'X' } }), 401);
    expectFailureEnvelope(await get(h, b, stranger.token), 404);
    expectFailureEnvelope(await set(h, b, { assistant: { name: 'X' }, timezone: 'Asia/Tokyo' }, stranger.token), 404);
    const after = (await get(h, b, owner.token)).body.data.business_settings;
    expect(after.assistant.name).toBe('');
    expect(after.timezone).toBe('Europe/London');
  });

  it('a removed member gets 404', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['admin']);
    expect((await get(h, b, member.token)).status).toBe(200);
    await h.call(`users/unlink-business/${b}`, undefined, member.token);
    expectFailureEnvelope(await get(h, b, member.token), 404);
  });
});
