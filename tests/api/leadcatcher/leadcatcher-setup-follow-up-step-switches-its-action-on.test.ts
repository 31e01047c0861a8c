import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAction } from '#contract/v1/actions';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { addSystem, systemsPath } from '#tests/support/system-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/**
 * Issue 22, item 22: choosing a follow-up in the lead catcher's setup (step 2, "Save
 * follow-up") must switch "Follow up new web leads" on, exactly as the settings form does;
 * before, only "Save settings" did and the follow-up chosen during setup was never sent.
 */
describe('setup/{system_id}/submit follow_up', () => {
  const leadFollowUp = async (b: string, token: string) => {
    const listed = await h.call(`businesses/actions/${b}/list`, undefined, token);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    return (listed.body.data.actions as ApiAction[]).find((action) => action.key === 'lead_follow_up')!;
  };

  it('switches the paused "Follow up new web leads" action on with the chosen channel', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const system = await addSystem(h, b, owner.token, 'leadcatcher');
    expect(await leadFollowUp(b, owner.token)).toMatchObject({ name: 'Follow up new web leads', status: 'paused' });

    const saved = await h.call(
      systemsPath(b, `setup/${system._id}/submit`),
      { step: 'follow_up', values: { follow_up: 'sms' } },
      owner.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await leadFollowUp(b, owner.token)).toMatchObject({ status: 'active', kind: 'send_sms' });

    // Changing the channel in setup changes the action's kind too.
    await h.call(
      systemsPath(b, `setup/${system._id}/submit`),
      { step: 'follow_up', values: { follow_up: 'email' } },
      owner.token,
    );
    expect(await leadFollowUp(b, owner.token)).toMatchObject({ status: 'active', kind: 'send_email' });
  });

  it('leaves the action as it is when the setup says no follow-up', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const system = await addSystem(h, b, owner.token, 'leadcatcher');
    await leadFollowUp(b, owner.token);
    await h.call(
      systemsPath(b, `setup/${system._id}/submit`),
      { step: 'follow_up', values: { follow_up: 'none' } },
      owner.token,
    );
    expect(await leadFollowUp(b, owner.token)).toMatchObject({ status: 'paused' });
  });
});
