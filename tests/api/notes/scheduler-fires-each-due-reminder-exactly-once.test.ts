import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '#api/db/client';
import { businesses, notifications, timelineItems } from '#api/db/schema';
import { runDueReminders, startScheduler, type TickResult } from '#api/services/scheduler';
import { createNote } from '#api/features/timeline/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  businessEvents,
  minutesFromNow,
  noteRow,
  notificationsOf,
  occurrencesOf,
} from '#tests/support/timeline-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(20);
  }
}

async function businessWithMembers(count: number) {
  const owner = await h.signUpWithBusiness();
  for (let i = 1; i < count; i += 1) {
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, ['notes/view']);
  }
  return owner;
}

describe('runDueReminders', () => {
  it('notifies each member once for a due task, marks it, and publishes after the commit', async () => {
    const owner = await businessWithMembers(2);
    const task = await createNote(h.deps, owner.business._id, { body: 'Due', reminder: minutesFromNow(h, -1) });
    const mark = h.events.length;
    const first = await runDueReminders(h.deps, { businessIds: [owner.business._id] });
    expect(first).toEqual({ claimed: [task._id], notified: 2, occurrences: 0 });
    expect(await notificationsOf(h, task._id)).toHaveLength(2);
    expect((await noteRow(h, task._id)).reminderNotifiedAt).toBeInstanceOf(Date);
    expect(businessEvents(h, owner.business._id, mark).map((event) => event.event)).toEqual(['NoteUpdated']);
    expect(h.events.slice(mark).filter((event) => event.event === 'NotificationCreated')).toHaveLength(2);

    const second = await runDueReminders(h.deps, { businessIds: [owner.business._id] });
    expect(second).toEqual({ claimed: [], notified: 0, occurrences: 0 });
    expect(await notificationsOf(h, task._id)).toHaveLength(2);
  });

  it('leaves alone tasks not yet due, completed, deleted, or in a deleted business', async () => {
    const owner = await businessWithMembers(1);
    const future = await createNote(h.deps, owner.business._id, { body: 'Later', reminder: minutesFromNow(h, 5) });
    const done = await createNote(h.deps, owner.business._id, {
      body: 'Done',
      reminder: minutesFromNow(h, -5),
      completed: true,
    });
    const gone = await createNote(h.deps, owner.business._id, { body: 'Gone', reminder: minutesFromNow(h, -5) });
    await h.call(`businesses/notes/${owner.business._id}/delete/${gone._id}`, undefined, owner.token);
    const closed = await h.signUpWithBusiness();
    const orphan = await createNote(h.deps, closed.business._id, {
      body: 'Closed shop',
      reminder: minutesFromNow(h, -5),
    });
    await h.database.db.update(businesses).set({ deletedAt: new Date() }).where(eq(businesses.id, closed.business._id));

    const scope = { businessIds: [owner.business._id, closed.business._id] };
    expect((await runDueReminders(h.deps, scope)).claimed).toEqual([]);

    // Restoring the deleted task: it was never notified, so it fires now (nothing is lost).
    await h.call(`businesses/notes/${owner.business._id}/restore/${gone._id}`, undefined, owner.token);
    expect((await runDueReminders(h.deps, scope)).claimed).toEqual([gone._id]);
    // The future task fires once its time has come.
    h.clock.offsetMs = 6 * 60_000;
    try {
      expect((await runDueReminders(h.deps, scope)).claimed).toEqual([future._id]);
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await notificationsOf(h, done._id)).toEqual([]);
    expect(await notificationsOf(h, orphan._id)).toEqual([]);
  });

  it('creates the next occurrence of a repeated task when it falls due, once', async () => {
    const owner = await businessWithMembers(1);
    const task = await createNote(h.deps, owner.business._id, {
      body: 'Daily check',
      reminder: minutesFromNow(h, -1),
      repeat: { every: 'day', interval: 1 },
    });
    const mark = h.events.length;
    const result = await runDueReminders(h.deps, { businessIds: [owner.business._id] });
    expect(result).toMatchObject({ claimed: [task._id], occurrences: 1 });
    const [next] = await occurrencesOf(h, task._id);
    expect(next.reminder!.getTime()).toBe(new Date(task.reminder!).getTime() + 86_400_000);
    expect(next.reminderNotifiedAt).toBeNull();
    expect(businessEvents(h, owner.business._id, mark).map((event) => [event.event, event.payload.id])).toEqual([
      ['NoteUpdated', task._id],
      ['NoteCreated', next.id],
    ]);
    await runDueReminders(h.deps, { businessIds: [owner.business._id] });
    expect(await occurrencesOf(h, task._id)).toHaveLength(1);
  });
});

describe('startScheduler', () => {
  it('skips nothing across a restart: a reminder that fell due while no loop ran fires when the next one starts', async () => {
    const owner = await businessWithMembers(1);
    const scope = { businessIds: [owner.business._id], intervalMs: 20 };
    const ticks: TickResult[] = [];
    const stop = startScheduler(h.deps, { ...scope, onTick: (result) => ticks.push(result) });
    await until(async () => ticks.length >= 2);
    await stop();
    const stoppedAt = ticks.length;

    const task = await createNote(h.deps, owner.business._id, { body: 'While down', reminder: minutesFromNow(h, 1) });
    h.clock.offsetMs = 2 * 60_000;
    try {
      await sleep(100);
      expect(ticks.length).toBe(stoppedAt);
      expect(await notificationsOf(h, task._id)).toEqual([]);

      const restarted: TickResult[] = [];
      const stopAgain = startScheduler(h.deps, { ...scope, onTick: (result) => restarted.push(result) });
      await until(async () => restarted.some((result) => result.claimed.includes(task._id)));
      await stopAgain();
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await notificationsOf(h, task._id)).toHaveLength(1);
  });

  it('stop() waits for the tick in progress and no tick runs after it', async () => {
    const owner = await businessWithMembers(1);
    let ticks = 0;
    const stop = startScheduler(h.deps, {
      businessIds: [owner.business._id],
      intervalMs: 5,
      onTick: () => (ticks += 1),
    });
    await until(async () => ticks >= 3);
    await stop();
    const after = ticks;
    await sleep(60);
    expect(ticks).toBe(after);
  });

  it('logs a failing tick and keeps going', async () => {
    const lines: { msg: string }[] = [];
    let calls = 0;
    const broken = {
      ...h.deps,
      log: (line: { msg: string }) => lines.push(line),
      db: new Proxy(h.deps.db, {
        get(target, key, receiver) {
          if (key === 'transaction' && calls++ < 2) return () => Promise.reject(new Error('database away'));
          return Reflect.get(target, key, receiver);
        },
      }),
    };
    const ticks: TickResult[] = [];
    const stop = startScheduler(broken, {
      businessIds: ['none'],
      intervalMs: 5,
      onTick: (result) => ticks.push(result),
    });
    await until(async () => ticks.length >= 1);
    await stop();
    expect(lines.filter((line) => line.msg === 'scheduler tick failed')).toHaveLength(2);
  });
});

describe('two scheduler loops on one PostgreSQL database (two instances)', () => {
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
  it.skipIf(!pgUrl)(
    'claim every due task exactly once: one notification per member, one next occurrence per repeated task',
    async () => {
      second = await openDatabase({ databaseUrl: pgUrl, dataDir: 'memory://', migrate: false });
      const owners = [await businessWithMembers(3), await businessWithMembers(2), await businessWithMembers(1)];
      const businessIds = owners.map((owner) => owner.business._id);
      const expected = new Map<string, number>();
      const repeated = new Set<string>();
      for (let i = 0; i < 90; i += 1) {
        const owner = owners[i % owners.length];
        const repeat = i % 3 === 0 ? { every: 'day' as const, interval: 1 } : undefined;
        const task = await createNote(h.deps, owner.business._id, {
          body: `Task ${i}`,
          reminder: minutesFromNow(h, -1 - (i % 7)),
          repeat,
        });
        expected.set(task._id, [3, 2, 1][i % owners.length]);
        if (repeat) repeated.add(task._id);
      }

      const claimedBy: Record<'a' | 'b', string[]> = { a: [], b: [] };
      const options = { businessIds, intervalMs: 1, batchSize: 2 };
      const stopA = startScheduler(h.deps, { ...options, onTick: (result) => claimedBy.a.push(...result.claimed) });
      const stopB = startScheduler(
        { ...h.deps, db: second.db },
        { ...options, onTick: (result) => claimedBy.b.push(...result.claimed) },
      );
      await until(async () => claimedBy.a.length + claimedBy.b.length >= expected.size, 30_000);
      await sleep(50);
      await Promise.all([stopA(), stopB()]);

      // Both loops did work, and no task was claimed by both (or twice by one).
      expect(claimedBy.a.length).toBeGreaterThan(0);
      expect(claimedBy.b.length).toBeGreaterThan(0);
      const all = [...claimedBy.a, ...claimedBy.b];
      expect(all.length).toBe(expected.size);
      expect(new Set(all).size).toBe(expected.size);

      const ids = [...expected.keys()];
      const rows = await h.database.db.select().from(notifications).where(inArray(notifications.sourceId, ids));
      for (const [id, members] of expected)
        expect(
          rows.filter((row) => row.sourceId === id),
          id,
        ).toHaveLength(members);
      const unmarked = await h.database.db
        .select()
        .from(timelineItems)
        .where(and(inArray(timelineItems.id, ids), isNull(timelineItems.reminderNotifiedAt)));
      expect(unmarked).toEqual([]);
      for (const id of ids) expect(await occurrencesOf(h, id), id).toHaveLength(repeated.has(id) ? 1 : 0);
    },
  );
});
