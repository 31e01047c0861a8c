import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { MOBILE_CODE_TTL_MS } from '#contract/constants';
import { mobileSubmitSchema, mobileVerifySchema } from '#contract/schemas/auth';
import { users } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { consumeCode, issueCode } from '#api/lib/codes';
import { createRouter } from '#api/lib/context';
import { invalid } from '#api/lib/errors';
import { bearer, envelope, jsonBody, userSchema } from '#api/lib/openapi';
import { userUpdated } from '#api/lib/events';
import { ok } from '#api/lib/respond';
import { serializeUser } from '#api/lib/serialize';

const tags = ['Account'];

export const mobileRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/mobile-submit',
      tags,
      summary: 'Text a 6-digit code to the mobile (onboarding step 1)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { body: jsonBody(mobileSubmitSchema) },
      responses: envelope(z.object({ mobile: z.string() })),
    }),
    async (c) => {
      const { db, clock, telephony } = c.var.deps;
      const { mobile } = c.req.valid('json');
      const code = await issueCode(db, {
        userId: c.var.auth.user.id,
        purpose: 'mobile_verify',
        target: mobile,
        now: clock.now(),
        ttlMs: MOBILE_CODE_TTL_MS,
      });
      await telephony.sendSms({
        to: mobile,
        body: `${code} is your Business Assistant verification code. It expires in 15 minutes.`,
      });
      return ok(c, { mobile }, [`We have sent a 6-digit code to ${mobile}.`]);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/mobile-verify',
      tags,
      summary: 'Verify the mobile with the code (onboarding step 2)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { body: jsonBody(mobileVerifySchema) },
      responses: envelope(z.object({ user: userSchema })),
    }),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { mobile, code } = c.req.valid('json');
      const now = clock.now();
      const accepted = await consumeCode(db, {
        userId: c.var.auth.user.id,
        purpose: 'mobile_verify',
        target: mobile,
        code,
        now,
      });
      if (!accepted) throw invalid({ code: ['The code is not valid or has expired.'] });
      const [user] = await db
        .update(users)
        .set({ mobile, mobileVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, c.var.auth.user.id))
        .returning();
      await userUpdated(c.var.deps, user);
      return ok(c, { user: serializeUser(user) }, ['Your mobile number is verified.']);
    },
  );
