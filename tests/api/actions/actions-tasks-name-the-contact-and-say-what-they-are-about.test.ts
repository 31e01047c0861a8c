import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { timelineItems } from '#api/db/schema';
import { runDueActions } from '#api/features/actions/engine';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  advance,
  DAY,
  insertAction,
  insertCustomer,
  insertOrder,
  MINUTE,
  resetClock,
  runsOf,
} from '#tests/support/action-fixtures';
import { insertLeadcatcher, submitJson } from '#tests/support/leadcatcher';
import { randomUkMobile } from '#tests/support/system-fixtures';

/**
 * A task an action creates is read by the team: it names the contact (never the "there" a
 * text to the customer falls back to) — by name, else their phone number, else their email —
 * and says what it is about: the order's lines and status, the lead's message (issue 22, item 27).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(() => resetClock(h));

async function taskOf(actionId: string) {
  const [run] = await runsOf(h, actionId);
  expect(run, 'the action ran').toBeDefined();
  expect(run.status, run.outcome ?? '').toBe('done');
  const [task] = await h.deps.db.select().from(timelineItems).where(eq(timelineItems.id, run.itemId!));
  return { run, task };
}

describe('a task made by an action', () => {
  it('about an unconfirmed order: names a contact known only by number by that number, and lists the order', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const phone = randomUkMobile();
    // A contact the assistant created from a call: the number is all there is, in the name too.
    const customer = await insertCustomer(h, b, { firstName: phone, lastName: null, phones: [phone] });
    const action = await insertAction(h, b, {
      trigger: 'order_unconfirmed',
      interval: '2 days',
      kind: 'create_task',
      template: null,
      stopOnReply: false,
    });
    await insertOrder(h, b, customer.id, {
      lines: [
        { memory_id: null, name: 'Sourdough loaf', quantity: 2, price: '4.50' },
        { memory_id: null, name: 'Rye', quantity: 1, price: null },
      ],
      notes: 'Collect Saturday',
    });
    advance(h, 2 * DAY + MINUTE);
    await runDueActions(h.deps, { businessIds: [b] });
    const { run, task } = await taskOf(action.id);
    const [title, ...rest] = task.body!.split('\n');
    expect(title).toBe(`Follow up with ${phone}`);
    expect(task.body).not.toContain('there');
    const details = rest.join('\n');
    expect(details).toContain('Order (new): 2 x Sourdough loaf, 1 x Rye');
    expect(details).toContain('Order notes: Collect Saturday');
    expect(details).toContain(`Phone: ${phone}`);
    expect(run.outcome).toBe(`Created the task "Follow up with ${phone}" for the team.`);
  });

  it('about a web lead: names the contact by name and quotes what they wrote with how to reach them', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const system = await insertLeadcatcher(h, b, { form_name: 'Quote request' });
    const action = await insertAction(h, b, {
      trigger: 'new_lead',
      interval: 'immediately',
      kind: 'create_task',
      template: null,
      stopOnReply: false,
    });
    const phone = randomUkMobile();
    expect(
      (
        await submitJson(h, system.id, {
          name: 'Nia Hart',
          email: 'nia@example.com',
          phone,
          message: 'A quote for a new boiler, please.',
        })
      ).status,
    ).toBe(200);
    const { task } = await taskOf(action.id);
    const [title, ...rest] = task.body!.split('\n');
    expect(title).toBe('Follow up with Nia Hart');
    const details = rest.join('\n');
    expect(details).toContain('Web form "Quote request": A quote for a new boiler, please.');
    expect(details).toContain(`Phone: ${phone}`);
    expect(details).toContain('Email: nia@example.com');
  });

  it('names a contact with neither a name nor a phone number by their email', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const customer = await insertCustomer(h, b, {
      firstName: 'ivy@example.com',
      lastName: null,
      phones: [],
      emails: ['ivy@example.com'],
    });
    const action = await insertAction(h, b, {
      trigger: 'customer_status',
      triggerStatus: 'lead',
      interval: '1 day',
      kind: 'create_task',
      template: 'Call {name} about {first_name}’s quote',
      stopOnReply: false,
    });
    await runDueActions(h.deps, { businessIds: [b] });
    advance(h, DAY + MINUTE);
    await runDueActions(h.deps, { businessIds: [b] });
    const { task } = await taskOf(action.id);
    expect(task.body!.split('\n')[0]).toBe('Call ivy@example.com about ivy@example.com’s quote');
    expect(task.customerId).toBe(customer.id);
  });
});
