import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { EMAIL_CODE_TTL_MS } from '#contract/constants';
import type { ApiDeps } from '#api/deps';
import { users, verificationCodes } from '#api/db/schema';
import { consumeCode, issueCode } from '#api/lib/codes';
import type { UserRow } from '#api/lib/context';
import { isUniqueViolation } from '#api/lib/db-errors';
import { ApiError, invalid } from '#api/lib/errors';
import { userUpdated } from '#api/lib/events';

/**
 * Changing a user's email. The new address replaces the old one only when the 6-digit code
 * mailed to it comes back (15 minutes, 5 guesses, single use: lib/codes.ts), and the old
 * address is then told. So a user's email is always the one they registered with or one
 * they proved they read, which is what lets an invitation be bound to an email address.
 */
export const emailMessages = {
  taken: 'An account with this email already exists.',
  same: 'This is already your email address.',
  codeRejected: 'The code is not valid or has expired.',
  changed: 'Your email address has been changed.',
  tooMany: 'You have asked for too many email codes. Try again in an hour.',
  codeSent: (email: string) => `We have sent a 6-digit code to ${email}. Enter it to confirm your new email address.`,
} as const;

async function assertFree(deps: Pick<ApiDeps, 'db'>, email: string, userId: string) {
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt), ne(users.id, userId)))
    .limit(1);
  if (taken) throw invalid({ email: [emailMessages.taken] });
}

/**
 * Codes per account per hour. Each code allows CODE_MAX_ATTEMPTS guesses, so this bounds the
 * guesses at a 6-digit code for an address one does not read, whatever the client address
 * (counted in the database: it holds across instances).
 */
const CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/** Mail a code to the new address (any earlier code for a change stops working); nothing changes yet. */
export async function requestEmailChange(deps: ApiDeps, user: UserRow, email: string): Promise<string> {
  if (email === user.email) throw invalid({ email: [emailMessages.same] });
  await assertFree(deps, email, user.id);
  const since = new Date(deps.clock.now().getTime() - HOUR_MS);
  const [recent] = await deps.db
    .select({ n: count() })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, user.id),
        eq(verificationCodes.purpose, 'email_change'),
        gt(verificationCodes.createdAt, since),
      ),
    );
  if ((recent?.n ?? 0) >= CODES_PER_HOUR) throw new ApiError(429, [emailMessages.tooMany]);
  const code = await issueCode(deps.db, {
    userId: user.id,
    purpose: 'email_change',
    target: email,
    now: deps.clock.now(),
    ttlMs: EMAIL_CODE_TTL_MS,
  });
  await deps.mailer.send({
    to: email,
    subject: `Your email confirmation code: ${code}`,
    text: `Hello ${user.name},\n\nYour code to make ${email} the email address of your Business Assistant account is ${code}. It expires in 15 minutes and works once.\n\nIf you did not ask for it, ignore this email: nothing changes.`,
  });
  return emailMessages.codeSent(email);
}

/** Apply the change with the code sent to the new address, and tell the old address. */
export async function confirmEmailChange(deps: ApiDeps, user: UserRow, input: { email: string; code: string }) {
  const now = deps.clock.now();
  const accepted = await consumeCode(deps.db, {
    userId: user.id,
    purpose: 'email_change',
    target: input.email,
    code: input.code,
    now,
  });
  if (!accepted) throw invalid({ code: [emailMessages.codeRejected] });
  // Someone may have registered the address since the code was sent: the unique index decides.
  await assertFree(deps, input.email, user.id);
  let updated: UserRow;
  try {
    [updated] = await deps.db
      .update(users)
      .set({ email: input.email, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: [emailMessages.taken] });
    throw error;
  }
  await deps.mailer.send({
    to: user.email,
    subject: 'Your email address was changed',
    text: `Hello ${user.name},\n\nThe email address of your Business Assistant account was changed from ${user.email} to ${input.email}. You now sign in with the new address.\n\nIf you did not do this, reply to this email or contact support at once: someone else may be using your account.`,
  });
  await userUpdated(deps, updated);
  return updated;
}
