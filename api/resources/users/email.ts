import { createRoute, z } from '@hono/zod-openapi';
import { emailChangeSchema, emailChangeVerifySchema } from '#contract/schemas/user';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { bearer, envelope, jsonBody, userSchema } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { serializeUser } from '#api/lib/serialize';
import { confirmEmailChange, emailMessages, requestEmailChange } from '#api/services/email-change';

const tags = ['Account'];

/** A new email address takes effect only with the code mailed to it (services/email-change.ts). */
export const emailRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/email-change',
      tags,
      summary:
        'Mail a 6-digit code (15 minutes, single use) to a new email address; the email changes only with users/email-change-verify',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { body: jsonBody(emailChangeSchema) },
      responses: envelope(z.object({ email: z.string() })),
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      const message = await requestEmailChange(c.var.deps, c.var.auth.user, email);
      return ok(c, { email }, [message]);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/email-change-verify',
      tags,
      summary: 'Make the new email address the account’s with the code sent to it; the old address is told',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { body: jsonBody(emailChangeVerifySchema) },
      responses: envelope(z.object({ user: userSchema })),
    }),
    async (c) => {
      const user = await confirmEmailChange(c.var.deps, c.var.auth.user, c.req.valid('json'));
      return ok(c, { user: serializeUser(user) }, [emailMessages.changed]);
    },
  );
