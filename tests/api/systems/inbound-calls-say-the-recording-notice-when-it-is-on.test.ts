import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleVoice } from '#api/features/systems/inbound-call';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  callParams,
  closedAllWeek,
  openAllWeek,
  phoneSystem,
  randomUkMobile,
  saidIn,
  setBusinessSettings,
} from '#tests/support/inbound-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const NOTICE = 'This call may be recorded.';

/** What the caller hears when the call is answered. */
async function greetingHeard(system: Parameters<typeof callParams>[0], row: Parameters<typeof handleVoice>[1]) {
  const xml = await handleVoice(h.deps, row, callParams(system, randomUkMobile()));
  return saidIn(xml).replace(/\s+/g, ' ').trim();
}

async function assistantSettings(b: string, token: string) {
  const result = await h.call(`businesses/settings/${b}/get`, undefined, token);
  return result.body.data.business_settings.assistant;
}

describe('the "calls may be recorded" notice', () => {
  it('is off by default: business settings answer recording_notice false and the greeting has no notice', async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, { opening_hours: openAllWeek() });
    expect((await assistantSettings(b, owner.token)).recording_notice).toBe(false);
    expect(await greetingHeard(system, row)).not.toContain(NOTICE);
  });

  it('when on, the built greeting says it after thanking the caller, before asking how to help', async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, {
      opening_hours: openAllWeek(),
      assistant: { recording_notice: true },
    });
    expect((await assistantSettings(b, owner.token)).recording_notice).toBe(true);
    const heard = await greetingHeard(system, row);
    expect(heard).toMatch(
      /^Hello, thanks for calling .+\. This call may be recorded\. I'm the virtual assistant\. How can I help\?$/,
    );
  });

  it('when on, a custom greeting and the closed message start with it', async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    await setBusinessSettings(h, b, owner.token, {
      opening_hours: openAllWeek(),
      assistant: { recording_notice: true, greeting: 'Hi, Bella here!' },
    });
    expect(await greetingHeard(system, row)).toBe(`${NOTICE} Hi, Bella here!`);
    await setBusinessSettings(h, b, owner.token, { opening_hours: closedAllWeek() });
    const closed = await greetingHeard(system, row);
    expect(closed.startsWith(`${NOTICE} Thanks for calling`), closed).toBe(true);
  });

  it('takes only a boolean', async () => {
    const { owner, b } = await phoneSystem(h);
    const result = await h.call(
      `businesses/settings/${b}/set`,
      { assistant: { recording_notice: 'loudly' } },
      owner.token,
    );
    expect(result.status).toBe(422);
    expect(Object.keys(result.body.field_errors ?? {})).toEqual(['assistant.recording_notice']);
  });
});
