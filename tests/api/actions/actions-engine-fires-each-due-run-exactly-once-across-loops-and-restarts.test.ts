import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '#api/db/client';
import { actionRuns, orders, outbox } from '#api/db/schema';
import { runDueActions, startActionLoop, type ActionTickResult } from '#api/features/actions/engine';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  advance,
  businessWithNumber,
  DAY,
  insertAction,
  insertCustomer,
  insertOrder,
  MINUTE,
  resetClock,
  runsOf,
  smsSentTo,
} from '#tests/support/action-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(() => resetClock(h));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(20);
  }
}

/** A business with a number, an active "unconfirmed order after 2 days" action and `count` customers with an order each. */
async function ordersWaiting(count: number) {
  const { b, telephony } = await businessWithNumber(h);
  const action = await insertAction(h, b, {
    trigger: 'order_unconfirmed',
    interval: '2 days',
    template: 'Hi {first_name}, is your order ({order}) still wanted?',
  });
  const people = [];
  for (let i = 0; i < count; i += 1) {
    const customer = await insertCustomer(h, b, { firstName: `Cara${i}` });
    people.push({ customer, order: await insertOrder(h, b, customer.id) });
  }
  return { b, telephony, action, people };
}

describe('runDueActions', () => {
  it('finds an order still unconfirmed after the interval, texts its customer once, and records the run', async () => {
    const { b, telephony, action, people } = await ordersWaiting(2);
    const [first, second] = people;
    // Confirmed in time: no reminder for that one.
    await h.deps.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, second.order.id));

    advance(h, 2 * DAY - MINUTE);
    expect((await runDueActions(h.deps, { businessIds: [b] })).claimed).toEqual([]);

    advance(h, 2 * MINUTE);
    const tick = await runDueActions(h.deps, { businessIds: [b] });
    expect(tick.discovered).toBe(1);
    expect(tick.claimed).toHaveLength(1);
    const [run] = await runsOf(h, action.id);
    expect(run).toMatchObject({
      status: 'done',
      subjectType: 'order',
      subjectId: first.order.id,
      customerId: first.customer.id,
      occurrence: 0,
    });
    expect(run.outcome).toBe(
      `Texted ${first.customer.phones[0]}: Hi Cara0, is your order (2 x Sourdough loaf) still wanted?`,
    );
    expect(run.itemId).toBeTruthy();
    const [sent] = await smsSentTo(h, first.customer.phones[0]);
    expect(sent).toMatchObject({
      from: telephony.phoneNumber,
      body: 'Hi Cara0, is your order (2 x Sourdough loaf) still wanted?',
    });

    // Ticking again does nothing: the run exists (action_runs_once) and is done.
    const again = await runDueActions(h.deps, { businessIds: [b] });
    expect(again).toMatchObject({ claimed: [], discovered: 0 });
    expect(await smsSentTo(h, first.customer.phones[0])).toHaveLength(1);
    expect(await smsSentTo(h, second.customer.phones[0])).toHaveLength(0);
  });

  it('a run left running by a process that died is marked failed, not sent again', async () => {
    const { b, action, people } = await ordersWaiting(1);
    advance(h, 2 * DAY + MINUTE);
    await runDueActions(h.deps, { businessIds: [b] });
    const [run] = await runsOf(h, action.id);
    // Pretend a later occurrence was claimed and the process died mid-send.
    await h.deps.db
      .update(actionRuns)
      .set({ status: 'running', startedAt: h.clock.now(), finishedAt: null })
      .where(eq(actionRuns.id, run.id));
    advance(h, 11 * MINUTE);
    const tick = await runDueActions(h.deps, { businessIds: [b] });
    expect(tick.interrupted).toBe(1);
    const [after] = await runsOf(h, action.id);
    expect(after.status).toBe('failed');
    expect(after.outcome).toMatch(/^Interrupted/);
    expect(await smsSentTo(h, people[0].customer.phones[0])).toHaveLength(1);
  });
});

describe('startActionLoop', () => {
  it('skips nothing and repeats nothing across a restart', async () => {
    const { b, action, people } = await ordersWaiting(3);
    const ticks: ActionTickResult[] = [];
    const stop = startActionLoop(h.deps, { businessIds: [b], intervalMs: 10, onTick: (result) => ticks.push(result) });
    await until(() => ticks.length >= 2);
    await stop();
    const stoppedAt = ticks.length;

    // Falls due while no loop runs.
    advance(h, 2 * DAY + MINUTE);
    await sleep(60);
    expect(ticks.length).toBe(stoppedAt);
    expect(await runsOf(h, action.id)).toEqual([]);

    const restarted: ActionTickResult[] = [];
    const stopAgain = startActionLoop(h.deps, {
      businessIds: [b],
      intervalMs: 10,
      onTick: (result) => restarted.push(result),
    });
    await until(async () => (await runsOf(h, action.id)).filter((run) => run.status === 'done').length === 3);
    await stopAgain();

    // And a third start finds nothing left to do.
    const third: ActionTickResult[] = [];
    const stopThird = startActionLoop(h.deps, {
      businessIds: [b],
      intervalMs: 10,
      onTick: (result) => third.push(result),
    });
    await until(() => third.length >= 3);
    await stopThird();
    expect(third.flatMap((result) => result.claimed)).toEqual([]);
    for (const { customer } of people) expect(await smsSentTo(h, customer.phones[0])).toHaveLength(1);
  });
});

describe('two action loops on one PostgreSQL database (two instances)', () => {
  const pgUrl = (() => {
    try {
      return inject('testPgUrl');
    } catch {
      return undefined;
    }
  })();
  let second: Database | undefined;
  afterAll(async () => second?.close());

  // PGlite is one connection in one process: only PostgreSQL can show the race.
  it.skipIf(!pgUrl)('each due customer is texted exactly once, then a restart of both sends nothing more', async () => {
    second = await openDatabase({ databaseUrl: pgUrl, dataDir: 'memory://', migrate: false });
    const { b, action, people } = await ordersWaiting(40);
    advance(h, 2 * DAY + MINUTE);

    const claimedBy: Record<'a' | 'b', string[]> = { a: [], b: [] };
    const options = { businessIds: [b], intervalMs: 1, batchSize: 3 };
    const stopA = startActionLoop(h.deps, { ...options, onTick: (result) => claimedBy.a.push(...result.claimed) });
    const stopB = startActionLoop(
      { ...h.deps, db: second.db },
      { ...options, onTick: (result) => claimedBy.b.push(...result.claimed) },
    );
    await until(() => claimedBy.a.length + claimedBy.b.length >= people.length, 60_000);
    await sleep(50);
    await Promise.all([stopA(), stopB()]);

    const all = [...claimedBy.a, ...claimedBy.b];
    expect(claimedBy.a.length).toBeGreaterThan(0);
    expect(claimedBy.b.length).toBeGreaterThan(0);
    expect(all).toHaveLength(people.length);
    expect(new Set(all).size).toBe(people.length);

    // A restart of both: nothing is claimed again.
    const later: string[] = [];
    const stopC = startActionLoop(h.deps, { ...options, onTick: (result) => later.push(...result.claimed) });
    const stopD = startActionLoop(
      { ...h.deps, db: second.db },
      { ...options, onTick: (result) => later.push(...result.claimed) },
    );
    await sleep(200);
    await Promise.all([stopC(), stopD()]);
    expect(later).toEqual([]);

    const runs = await runsOf(h, action.id);
    expect(runs).toHaveLength(people.length);
    expect(runs.every((run) => run.status === 'done')).toBe(true);
    const phones = people.map(({ customer }) => customer.phones[0]);
    const sent = await h.deps.db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.to, phones), eq(outbox.channel, 'sms')));
    expect(sent).toHaveLength(people.length);
    expect(new Set(sent.map((row) => row.to)).size).toBe(people.length);
  });
});
