import { createRoute, z } from '@hono/zod-openapi';
import { supportRequestSchema } from '#contract/schemas/member';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { bearer, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { recordOutbox } from '#api/services/outbox';

export const SUPPORT_SENT = 'Your message has been sent.';

/**
 * helpers/support (docs/product.md#v1-calls): the help drawer's request, emailed to SUPPORT_EMAIL
 * with the sender as the reply address; without SUPPORT_EMAIL it stays in the outbox.
 */
export const supportRouter = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/helpers/support',
    tags: ['Helpers'],
    summary:
      'Send a support request (subject, message; email to reply to, defaults to the account; page it was sent from)',
    security: bearer,
    middleware: [requireAuth] as const,
    request: { body: jsonBody(supportRequestSchema) },
    responses: envelope(z.object({})),
  }),
  async (c) => {
    const { deps } = c.var;
    const { user } = c.var.auth;
    const input = c.req.valid('json');
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
    return ok(c, {}, [SUPPORT_SENT]);
  },
);
