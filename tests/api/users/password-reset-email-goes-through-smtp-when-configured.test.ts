import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitForBackground } from '#api/lib/background';
import { createMailer } from '#api/services/mailer';
import { createHarness, type Harness } from '#tests/support/api-harness';

/** A real SMTP conversation with a local sink (smtp-server), through nodemailer. */
let sink: SMTPServer;
let port: number;
const received: { to: string[]; raw: string }[] = [];
let harness: Harness;

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  port = (sink.server.address() as AddressInfo).port;
  harness = await createHarness();
  harness.deps.mailer = createMailer({
    db: harness.database.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Assistant <no-reply@example.com>',
  });
});

afterAll(async () => {
  await harness.close();
  await new Promise<void>((resolve) => sink.close(resolve));
});

it('sends the reset code by SMTP when SMTP_URL is set, and the code resets the password', async () => {
  const account = await harness.signUp();
  const answer = await harness.call('users/forgot-password', { email: account.email });
  expect(answer.status).toBe(200);
  // The answer does not wait for the mail server (the code is sent in the background).
  await waitForBackground(harness.deps);
  const mail = received.find((message) => message.to.includes(account.email));
  expect(mail).toBeDefined();
  const code = /\b(\d{6})\b/.exec(mail!.raw)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const reset = await harness.call('users/verify-password-code', {
    email: account.email,
    code,
    password: 'a new password here',
  });
  expect(reset.status).toBe(200);
  expect((await harness.call('users/login', { email: account.email, password: 'a new password here' })).status).toBe(
    200,
  );
});
