import { and, eq, isNull } from 'drizzle-orm';
import { RESET_CODE_TTL_MS } from '#contract/constants';
import { recovery } from '#contract/v1/users';
import { users } from '#api/db/schema';
import { revokeUserTokens } from '#api/lib/auth';
import { runInBackground } from '#api/lib/background';
import { consumeCode, issueCode } from '#api/lib/codes';
import { invalid } from '#api/lib/errors';
import { hashPassword } from '#api/lib/password';
import { serveCalls } from '#api/lib/v1-call';

/** The same answer whether or not the email has an account. */
const CODE_SENT = 'If an account exists for this email, we have sent it a 6-digit code. It expires in 15 minutes.';
const CODE_REJECTED = 'The code is not valid or has expired.';

export const recoveryRouter = serveCalls(recovery, {
  forgotPassword: async (c, { body: { email } }) => {
    const { deps } = c.var;
    const [user] = await deps.db
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1);
    // Known or unknown, the answer does the same work (the lookup) and goes out before any code
    // or mail work, so neither its timing nor a slow mail server tells whether the email has an account.
    if (user) {
      runInBackground(deps, 'password reset email', async () => {
        const code = await issueCode(deps.db, {
          userId: user.id,
          purpose: 'password_reset',
          target: email,
          now: deps.clock.now(),
          ttlMs: RESET_CODE_TTL_MS,
        });
        await deps.mailer.send({
          to: email,
          subject: `Your password reset code: ${code}`,
          text: `Hello ${user.name},\n\nYour code to reset your password is ${code}. It expires in 15 minutes and works once.\n\nIf you did not ask for it, ignore this email: your password stays as it is.`,
        });
      });
    }
    return { data: {}, messages: [CODE_SENT] };
  },
  resetPassword: async (c, { body: input }) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
      .limit(1);
    const accepted = user
      ? await consumeCode(db, {
          userId: user.id,
          purpose: 'password_reset',
          target: input.email,
          code: input.code,
          now,
        })
      : false;
    if (!user || !accepted) throw invalid({ code: [CODE_REJECTED] });
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeUserTokens(db, user.id, now);
    await c.var.deps.broadcaster.endUserConnections(user.id);
    return { data: {}, messages: ['Your password has been reset. Sign in with your new password.'] };
  },
});
