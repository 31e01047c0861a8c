import { and, desc, eq, isNull } from 'drizzle-orm';
import { CODE_MAX_ATTEMPTS } from '#contract/constants';
import type { Db } from '../db/client';
import { verificationCodes } from '../db/schema';
import { hashCode, newCode, newId, safeEqual } from './crypto';

type Purpose = (typeof verificationCodes.$inferSelect)['purpose'];

/**
 * Issue a fresh 6-digit code; any earlier unused code for the same purpose stops working,
 * so only the latest message a user received is valid.
 */
export async function issueCode(
  db: Db,
  opts: { userId: string; purpose: Purpose; target: string; now: Date; ttlMs: number },
) {
  const code = newCode();
  const id = newId();
  await db
    .update(verificationCodes)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(verificationCodes.userId, opts.userId),
        eq(verificationCodes.purpose, opts.purpose),
        isNull(verificationCodes.usedAt),
      ),
    );
  await db.insert(verificationCodes).values({
    id,
    userId: opts.userId,
    purpose: opts.purpose,
    target: opts.target,
    codeHash: hashCode(id, code),
    expiresAt: new Date(opts.now.getTime() + opts.ttlMs),
    createdAt: opts.now,
  });
  return code;
}

/**
 * Check and use up a code: it works once, before it expires, for the target it was sent
 * to, and only within CODE_MAX_ATTEMPTS guesses (then it is burnt).
 */
export async function consumeCode(
  db: Db,
  opts: { userId: string; purpose: Purpose; target: string; code: string; now: Date },
) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, opts.userId),
        eq(verificationCodes.purpose, opts.purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt <= opts.now || row.target !== opts.target) return false;
  const matches = safeEqual(row.codeHash, hashCode(row.id, opts.code));
  const attempts = row.attempts + 1;
  // The conditional update makes the code single-use even under concurrent requests.
  const updated = await db
    .update(verificationCodes)
    .set(matches || attempts >= CODE_MAX_ATTEMPTS ? { attempts, usedAt: opts.now } : { attempts })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return matches && updated.length === 1;
}
