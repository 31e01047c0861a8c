import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { recordOutbox } from './outbox';

export type Email = { to: string; subject: string; text: string };
export type Mailer = { provider: 'smtp' | 'outbox'; send(email: Email): Promise<void> };

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the outbox table only (readable
 * at /dev/outbox outside production). Either way the message is recorded in the outbox.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    provider: transport ? 'smtp' : 'outbox',
    async send(email) {
      if (transport)
        await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text });
      await recordOutbox(options.db, {
        channel: 'email',
        to: email.to,
        from: options.from,
        subject: email.subject,
        body: email.text,
        provider: transport ? 'smtp' : 'outbox',
        delivered: Boolean(transport),
      });
    },
  };
}
