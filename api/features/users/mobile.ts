import { eq } from 'drizzle-orm';
import { MOBILE_CODE_TTL_MS } from '#contract/constants';
import { mobile as mobileCalls } from '#contract/v1/users';
import { users } from '#api/db/schema';
import { consumeCode, issueCode } from '#api/lib/codes';
import { invalid } from '#api/lib/errors';
import { userUpdated } from '#api/lib/events';
import { serializeUser } from '#api/lib/serialize';
import { serveCalls } from '#api/lib/v1-call';

export const mobileRouter = serveCalls(mobileCalls, {
  mobileSubmit: async (c, { body: { mobile } }) => {
    const { db, clock, telephony } = c.var.deps;
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
    return { data: { mobile }, messages: [`We have sent a 6-digit code to ${mobile}.`] };
  },
  mobileVerify: async (c, { body: { mobile, code } }) => {
    const { db, clock } = c.var.deps;
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
    return { data: { user: serializeUser(user) }, messages: ['Your mobile number is verified.'] };
  },
});
