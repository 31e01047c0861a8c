import type { helpers } from '#contract/v1/helpers';
import type { CallHandler } from '#api/lib/v1-call';
import { recordOutbox } from '#api/services/outbox';

export const SUPPORT_SENT = 'Your message has been sent.';

/**
 * helpers/support (docs/product.md#v1-calls): the help drawer's request, emailed to SUPPORT_EMAIL
 * with the sender as the reply address; without SUPPORT_EMAIL it stays in the outbox.
 */
export const support: CallHandler<typeof helpers.support> = async (c, { body: input }) => {
  const { deps } = c.var;
  const { user } = c.var.auth;
  const replyTo = input.email ?? user.email;
  const text = [
    `From: ${user.name} <${replyTo}> (user ${user.id})`,
    input.page ? `Page: ${input.page}` : null,
    `App version: ${deps.version}`,
    '',
    input.message,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const subject = `Support: ${input.subject}`;
  if (deps.supportEmail) await deps.mailer.send({ to: deps.supportEmail, subject, text });
  else
    await recordOutbox(deps.db, {
      channel: 'email',
      to: 'support',
      subject,
      body: text,
      provider: 'outbox',
      delivered: false,
    });
  return { data: {}, messages: [SUPPORT_SENT] };
};
