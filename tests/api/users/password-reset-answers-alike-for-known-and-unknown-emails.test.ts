import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#api/db/schema';
import { waitForBackground } from '#api/lib/background';
import type { Mailer } from '#api/services/mailer';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';

/**
 * users/forgot-password must not tell by its timing whether an email has an account: the
 * answer is sent before any code is issued or mail is sent (they run in the background).
 * The mailer here is the real one behind a gate or a delay standing in for a slow SMTP server.
 */
let h: Harness;
let realMailer: Mailer;
beforeAll(async () => {
  h = await createHarness();
  realMailer = h.deps.mailer;
});
afterAll(async () => {
  h.deps.mailer = realMailer;
  await h.close();
});

const forgot = (email: string) => h.call('users/forgot-password', { email });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('users/forgot-password answers before any mail work', () => {
  it('answers while the mail server has not accepted the message yet, and the code still arrives', async () => {
    const account = await h.signUp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    h.deps.mailer = { provider: 'smtp', send: async (email) => gate.then(() => realMailer.send(email)) };
    try {
      const answer = await Promise.race([
        forgot(account.email),
        new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 3000)),
      ]);
      expect(answer, 'the answer waited for the mail server').not.toBe('held');
      expect(answer).toMatchObject({ status: 200 });
      // Nothing is sent yet (read directly: outboxFor would wait for the mail).
      expect(await h.database.db.select().from(outbox).where(eq(outbox.to, account.email))).toEqual([]);
    } finally {
      release();
      h.deps.mailer = realMailer;
    }
    await waitForBackground(h.deps);
    expect(await h.latestCode(account.email)).toMatch(/^\d{6}$/);
  });

  it('takes the same time for a known and an unknown email, even with a mail server that takes 150 ms', async () => {
    const account = await h.signUp();
    h.deps.mailer = {
      provider: 'smtp',
      send: async (email) => new Promise((resolve) => setTimeout(resolve, 150)).then(() => realMailer.send(email)),
    };
    const known: number[] = [];
    const unknown: number[] = [];
    try {
      for (let round = 0; round < 15; round += 1) {
        for (const [email, times] of [
          [account.email, known],
          [uniqueEmail(), unknown],
        ] as const) {
          const started = performance.now();
          const answer = await forgot(email);
          times.push(performance.now() - started);
          expect(answer.status).toBe(200);
          expect(answer.body).toEqual({
            data: {},
            messages: [
              'If an account exists for this email, we have sent it a 6-digit code. It expires in 15 minutes.',
            ],
          });
        }
      }
      await waitForBackground(h.deps);
    } finally {
      h.deps.mailer = realMailer;
    }
    // Before, a known email waited for the mail (150 ms more); now both do the same work, and
    // what is left is noise (under 20 ms on a loaded 2-core machine): half the delay is the bar.
    expect(
      Math.abs(median(known) - median(unknown)),
      `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`,
    ).toBeLessThan(75);
  });
});
