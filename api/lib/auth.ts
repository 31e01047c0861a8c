import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { TOKEN_TTL_MS } from '#contract/constants';
import { CLIENT_HEADERS, DEVICE_HEADERS } from '#contract/envelope';
import type { Db } from '../db/client';
import { businesses, businessUsers, tokens, users } from '../db/schema';
import { newId, newToken, sha256 } from './crypto';
import type { ApiDeps } from '../deps';
import type { ApiEnv } from './context';
import { memoized, remember, runHandler, withReadCallMemo } from './request-memo';
import {
  findMembershipOnce,
  liveBusinessOfMembership,
  liveMembershipOf,
  membershipKey,
  type Membership,
} from './membership';
import { withPhoneCountry } from '#contract/phone-country.server';
import { unauthorized } from './errors';

/** Sliding expiry is written at most once a minute per token, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const RECORDED_HEADERS = [
  CLIENT_HEADERS.mode,
  CLIENT_HEADERS.platformName,
  CLIENT_HEADERS.platformType,
  CLIENT_HEADERS.packageVersion,
  ...DEVICE_HEADERS,
];

export async function issueToken(db: Db, userId: string, now: Date, client: Record<string, string> = {}) {
  const token = newToken();
  await db.insert(tokens).values({
    id: newId(),
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
    lastUsedAt: now,
    client,
  });
  return token;
}

export function clientHeaders(headers: Headers): Record<string, string> {
  const client: Record<string, string> = {};
  for (const name of RECORDED_HEADERS) {
    const value = headers.get(name);
    if (value) client[name] = value.slice(0, 200);
  }
  return client;
}

export async function revokeUserTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
}

/** Requires a valid bearer token; sets c.var.auth. 401 otherwise. */
export const requireAuth = createMiddleware<ApiEnv>((c, next) =>
  withReadCallMemo(c.req.path, () => authenticate(c, next)),
);

async function authenticate(c: Context<ApiEnv>, next: Next) {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match) throw unauthorized();
  const client = clientHeaders(c.req.raw.headers);
  const tokenHash = sha256(match[1]);
  const { db } = c.var.deps;
  // A business's call reads the caller's membership in the token's statement, every call
  // (a removed member is refused at once), and hands it to the permission check and the memo.
  const businessId = c.req.param('business_id');
  let membership: Membership | null | undefined;
  // One lookup per page request for the calls its loaders make in process (request-memo.ts).
  const auth = await memoized(`auth:${tokenHash}:${JSON.stringify(client)}`, async () => {
    const found = await verifyToken(c.var.deps, tokenHash, client, businessId);
    if (!found) return null;
    if (businessId) remember(membershipKey(businessId, found.user.id), (membership = found.membership));
    return { user: found.user, tokenId: found.tokenId };
  });
  if (!auth) throw unauthorized();
  c.set('auth', auth);
  if (businessId) {
    membership ??= await findMembershipOnce(db, businessId, auth.user.id);
    c.set('membership', membership);
  }
  // Phone numbers in the body are read in the business's country ("07700 900123" in a GB
  // business), so the scope opens before the validator runs; only a member's business counts.
  await withPhoneCountry(membership?.business.country, () => runHandler(c.req.path, next));
}

/**
 * The token statement, with and without a business's membership, built once per database
 * handle: drizzle keeps its SQL text (building it was a quarter of the statement's CPU on
 * PGlite), and on PostgreSQL each pooled connection plans it once, by its name. Only the
 * statement is kept; every call binds its own token and business and reads the rows afresh,
 * so a revoked token or a removed member is refused on the very next call.
 */
const preparedTokenStatements = new WeakMap<Db, ReturnType<typeof prepareTokenStatements>>();

function tokenStatements(db: Db) {
  let statements = preparedTokenStatements.get(db);
  if (!statements) preparedTokenStatements.set(db, (statements = prepareTokenStatements(db)));
  return statements;
}

function prepareTokenStatements(db: Db) {
  const live = and(
    eq(tokens.tokenHash, sql.placeholder('tokenHash')),
    isNull(tokens.revokedAt),
    isNull(users.deletedAt),
  );
  return {
    withMembership: db
      .select({ token: tokens, user: users, membership: businessUsers, business: businesses })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .leftJoin(businessUsers, liveMembershipOf(sql.placeholder('businessId'), users.id))
      .leftJoin(businesses, liveBusinessOfMembership)
      .where(live)
      .limit(1)
      .prepare('verify_token_and_membership'),
    alone: db
      .select({ token: tokens, user: users })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(live)
      .limit(1)
      .prepare('verify_token'),
  };
}

/**
 * The token's user, or null when the token is unknown, revoked or expired; slides its expiry.
 * With a business, the caller's live membership of it (or null) comes in the same statement.
 */
async function verifyToken(
  { db, clock }: Pick<ApiDeps, 'db' | 'clock'>,
  tokenHash: string,
  client: Record<string, string>,
  businessId: string | undefined,
) {
  const now = clock.now();
  const statements = tokenStatements(db);
  const [row] = businessId
    ? await statements.withMembership.execute({ tokenHash, businessId })
    : await statements.alone.execute({ tokenHash });
  if (!row || row.token.expiresAt <= now) return null;

  const clientChanged = Object.keys(client).length > 0 && JSON.stringify(client) !== JSON.stringify(row.token.client);
  if (clientChanged || now.getTime() - row.token.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(tokens)
      .set({
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
        ...(clientChanged ? { client } : {}),
      })
      .where(eq(tokens.id, row.token.id));
  }
  const { membership, business } = row as Partial<Membership>;
  return {
    user: row.user,
    tokenId: row.token.id,
    membership: membership && business ? { business, membership } : null,
  };
}
