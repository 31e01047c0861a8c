import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  openAllWeek,
  phoneSystem,
  randomUkMobile,
  setBusinessSettings,
  setSystemSettings,
} from '#tests/support/inbound-fixtures';
import { fakeTts } from '#tests/support/spoken-audio';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ speech: { stt: null, tts: fakeTts } });
}, 300_000);
afterAll(() => h.close());

const simulate = (b: string, systemId: string, body: unknown, token: string) =>
  h.call(`businesses/systems/${b}/settings/${systemId}/simulate`, body, token);

/**
 * Issue 22, item 26: a sandbox call showed "Recording 0:16" beside "This call has no
 * recording." The simulator now records the call it plays — the greeting, the caller's
 * lines and the replies, spoken by the business's text to speech — as the call's WAV, where
 * a provider's recording goes, so it plays like a real one.
 */
describe('a simulated call is recorded', () => {
  it('as a WAV of what was said, played through the call recording URL', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    const result = await simulate(
      b,
      system._id,
      { kind: 'call', from: randomUkMobile(), says: 'What are your opening hours?' },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const call = result.body.data.call;
    expect(call.details).toMatchObject({ recording: true, recording_simulated: true });
    expect(call.details.call_recording_duration).toBeGreaterThanOrEqual(1);
    const played = await h.call(`businesses/calls/${b}/recording/${call._id}`, undefined, owner.token);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const audio = await h.app.fetch(new Request(`http://api.test${played.body.data.url}`));
    expect(audio.status).toBe(200);
    expect(new TextDecoder().decode((await audio.arrayBuffer()).slice(0, 4))).toBe('RIFF');
  });

  it('not when the system does not record calls, and a missed call has nothing to record', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setSystemSettings(h, b, system._id, owner.token, { record_calls: false });
    const unrecorded = await simulate(
      b,
      system._id,
      { kind: 'call', from: randomUkMobile(), says: 'Hello?' },
      owner.token,
    );
    expect(unrecorded.body.data.call.details.recording).not.toBe(true);
    const missed = await simulate(b, system._id, { kind: 'missed_call', from: randomUkMobile() }, owner.token);
    expect(missed.body.data.call.details.recording).not.toBe(true);
  });
});
