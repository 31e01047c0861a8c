import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { systemMessages } from '#contract/schemas/system';
import { systems } from '#api/db/schema';
import { speakToWav16k } from '#api/services/speech/generate';
import type { Speech } from '#api/services/speech/types';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import {
  eventsOf,
  openAllWeek,
  phoneSystem,
  randomUkMobile,
  setBusinessSettings,
} from '#tests/support/inbound-fixtures';
import { TONE, fakeTts, postAudio, withRealSpeech, type Line } from '#tests/support/spoken-audio';

/**
 * simulate-voice: the sandbox simulator with what the caller says spoken. The recording is
 * checked like the assistant's update-voice, transcribed, and played exactly as simulate
 * plays typed words. A fake recogniser makes the answers exact; the real pipeline (espeak-ng
 * speaks, pocketsphinx hears) runs when both are installed and is asserted on keywords.
 */
const heard: { transcript: string; calls: { bytes: number; vocabulary: string[] }[] } = {
  transcript: 'What are your opening hours?',
  calls: [],
};
const fakeSpeech: Speech = {
  stt: {
    name: 'fake',
    async transcribe(wav, options) {
      heard.calls.push({ bytes: wav.byteLength, vocabulary: options?.vocabulary ?? [] });
      return heard.transcript;
    },
  },
  tts: fakeTts,
};

let h: Harness;
let silent: Harness;
beforeAll(async () => {
  h = await createHarness({ speech: fakeSpeech });
  silent = await createHarness();
});
afterEach(() => {
  heard.transcript = 'What are your opening hours?';
  heard.calls.length = 0;
});
afterAll(async () => {
  await h.close();
  await silent.close();
});

function simulateVoice(
  harness: Harness,
  b: string,
  systemId: string,
  token: string | undefined,
  audio: Uint8Array | null,
  fields: Record<string, string>,
) {
  return postAudio(
    harness,
    `businesses/systems/${b}/settings/${systemId}/simulate-voice`,
    token,
    audio,
    fields,
    'caller.wav',
  );
}

async function timelineIds(harness: Harness, b: string, token: string): Promise<string[]> {
  const timeline = await harness.call(`businesses/timeline/${b}/list`, {}, token);
  expect(timeline.status).toBe(200);
  return timeline.body.data.timeline.map((item: { _id: string }) => item._id);
}

describe('businesses/systems/{business_id}/settings/{system_id}/simulate-voice', () => {
  it("plays what was heard as the caller's words: data.heard, the caller's line, the assistant's answer, and the call on the timeline", async () => {
    const { owner, b, system } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    heard.transcript = '  What are your   opening hours? ';
    const from = randomUkMobile();
    const result = await simulateVoice(h, b, system._id, owner.token, TONE, { kind: 'call', from });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.heard).toBe('What are your opening hours?');
    const transcript: Line[] = result.body.data.transcript;
    expect(transcript.map((line) => line.speaker)).toEqual(['assistant', 'caller', 'assistant']);
    expect(transcript[1].text).toBe('What are your opening hours?');
    expect(transcript[2].text.length).toBeGreaterThan(0);
    expect(result.body.data.call).toMatchObject({
      type: 'call',
      direction: 'inbound',
      status: 'completed',
      from,
      to: system.phone_number,
    });
    expect(result.body.data.call.details.transcript).toContain('Caller: What are your opening hours?');
    expect(await timelineIds(h, b, owner.token)).toContain(result.body.data.call._id);
    // Recognition was biased with the business's own words, and the same webhook handlers ran.
    expect(heard.calls).toHaveLength(1);
    expect(heard.calls[0].vocabulary).toContain(owner.business.name);
    expect((await eventsOf(h, system._id)).map((event) => event.name)).toEqual(
      expect.arrayContaining(['voice.incoming', 'voice.gather', 'call.status']),
    );
  });

  it('plays a spoken SMS: the text is what was heard, and the assistant answers it by SMS', async () => {
    const { owner, b, system } = await phoneSystem(h);
    heard.transcript = 'Where are you based?';
    const from = randomUkMobile();
    const result = await simulateVoice(h, b, system._id, owner.token, TONE, { kind: 'sms', from });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.heard).toBe('Where are you based?');
    expect((result.body.data.transcript as Line[]).map((line) => line.speaker)).toEqual(['caller', 'assistant']);
    expect(result.body.data.sms).toMatchObject({
      type: 'sms',
      direction: 'inbound',
      from,
      body: 'Where are you based?',
    });
  });

  it('refuses a missing or non-WAV recording on field audio, and nothing heard, like update-voice', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const fields = { kind: 'call', from: randomUkMobile() };
    expectFieldError(
      await simulateVoice(h, b, system._id, owner.token, null, fields),
      'audio',
      messages.voice.audioRequired,
    );
    expectFieldError(
      await simulateVoice(
        h,
        b,
        system._id,
        owner.token,
        new TextEncoder().encode('not a recording at all, just some text'.repeat(4)),
        fields,
      ),
      'audio',
      messages.voice.audioInvalid,
    );
    expectFieldError(
      await simulateVoice(h, b, system._id, owner.token, new Uint8Array(0), fields),
      'audio',
      messages.voice.audioEmpty,
    );
    expect(heard.calls).toHaveLength(0);
    heard.transcript = '   ';
    expectFieldError(
      await simulateVoice(h, b, system._id, owner.token, TONE, fields),
      'audio',
      messages.voice.nothingHeard,
    );
    // Nothing was played.
    expect((await eventsOf(h, system._id)).filter((event) => event.kind === 'webhook')).toHaveLength(0);
  });

  it('takes a call or an SMS only (a missed call says nothing), from a valid number', async () => {
    const { owner, b, system } = await phoneSystem(h);
    const missed = await simulateVoice(h, b, system._id, owner.token, TONE, {
      kind: 'missed_call',
      from: randomUkMobile(),
    });
    expect(missed.status).toBe(422);
    expect(missed.body.field_errors?.kind).toEqual(['Choose call or sms.']);
    const badFrom = await simulateVoice(h, b, system._id, owner.token, TONE, { kind: 'call', from: 'nope' });
    expect(badFrom.status).toBe(422);
    expect(Object.keys(badFrom.body.field_errors ?? {})).toEqual(['from']);
    expect(heard.calls).toHaveLength(0);
  });

  it(`answers 503 '${messages.voice.unavailable}' on a server without speech recognition`, async () => {
    const { owner, b, system } = await phoneSystem(silent);
    const result = await simulateVoice(silent, b, system._id, owner.token, TONE, {
      kind: 'call',
      from: randomUkMobile(),
    });
    expectFailureEnvelope(result, 503);
    expect(result.body.errors).toEqual([messages.voice.unavailable]);
  });

  it("works on sandbox systems only, needs systems/edit, and another business's system is never found", async () => {
    const { owner, b, system } = await phoneSystem(h);
    const fields = { kind: 'call', from: randomUkMobile() };
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['systems/view']);
    const refused = await simulateVoice(h, b, system._id, viewer.token, TONE, fields);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([systemMessages.editRefusal]);

    const other = await phoneSystem(h);
    expectFailureEnvelope(await simulateVoice(h, b, system._id, other.owner.token, TONE, fields), 404);
    expectFailureEnvelope(await simulateVoice(h, other.b, system._id, other.owner.token, TONE, fields), 404);
    expectFailureEnvelope(await simulateVoice(h, b, system._id, undefined, TONE, fields), 401);
    expect(heard.calls).toHaveLength(0);

    await h.deps.db.update(systems).set({ provider: 'twilio' }).where(eq(systems.id, system._id));
    const real = await simulateVoice(h, b, system._id, owner.token, TONE, fields);
    expect(real.status).toBe(422);
    expect(real.body.errors).toEqual([systemMessages.sandboxOnly]);
    expect((await eventsOf(h, system._id)).filter((event) => event.kind === 'webhook')).toHaveLength(0);
  });
});

describe('a spoken simulated call: espeak-ng speaks, pocketsphinx hears, the assistant answers', () => {
  it('goes through the whole pipeline (keywords, not exact transcripts)', async (context) => {
    await withRealSpeech(context, async (real) => {
      const { owner, b, system } = await phoneSystem(real);
      await setBusinessSettings(real, b, owner.token, { opening_hours: openAllWeek() });
      const recording = await speakToWav16k('What are your opening hours');
      const result = await simulateVoice(real, b, system._id, owner.token, recording, {
        kind: 'call',
        from: randomUkMobile(),
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const spoken: string = result.body.data.heard;
      expect(spoken).toMatch(/open|hours/i);
      const transcript: Line[] = result.body.data.transcript;
      const callerAt = transcript.findIndex((line) => line.speaker === 'caller');
      expect(transcript[callerAt]).toEqual({ speaker: 'caller', text: spoken });
      expect(transcript.slice(callerAt + 1).some((line) => line.speaker === 'assistant' && line.text.length > 0)).toBe(
        true,
      );
      expect(await timelineIds(real, b, owner.token)).toContain(result.body.data.call._id);
    });
  }, 60_000);
});
