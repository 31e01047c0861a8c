import { and, eq, isNull, ne } from 'drizzle-orm';
import { CLIENT_HEADERS } from '#contract/envelope';
import { messages as specMessages } from '#contract/messages';
import { changePasswordSchema } from '#contract/schemas/user';
import { account, session } from '#contract/v1/users';
import { businessUsers, tokens, users } from '#api/db/schema';
import { clientHeaders, issueToken, revokeUserTokens } from '#api/lib/auth';
import { newId } from '#api/lib/crypto';
import { ApiError, forbidden, invalid } from '#api/lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '#api/lib/password';
import { userUpdated } from '#api/lib/events';
import { serializeUser } from '#api/lib/serialize';
import { serveCalls } from '#api/lib/v1-call';
import { requestEmailChange } from '#api/features/users/email-change';

/** One message whatever went wrong, so a login never reveals whether an email has an account. */
const LOGIN_FAILED = 'These credentials do not match our records.';

const emailTaken = () => invalid({ email: ['An account with this email already exists.'] });

export const accountRouter = serveCalls(
  { ...session, ...account },
  {
    create: async (c, { body: input }) => {
      const { db, clock } = c.var.deps;
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
        .limit(1);
      if (existing) throw emailTaken();
      const now = clock.now();
      const id = newId();
      try {
        const [user] = await db
          .insert(users)
          .values({
            id,
            name: input.name,
            email: input.email,
            passwordHash: await hashPassword(input.password),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const token = await issueToken(db, id, now, clientHeaders(c.req.raw.headers));
        return { data: { token, user: serializeUser(user) }, messages: ['Your account has been created.'] };
      } catch (error) {
        // Two registrations racing for one email: the unique index decides.
        if (String((error as { cause?: unknown }).cause ?? error).includes('users_email_active')) throw emailTaken();
        throw error;
      }
    },
    login: async (c, { body: input }) => {
      const { db, clock } = c.var.deps;
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
        .limit(1);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !valid) throw new ApiError(422, [LOGIN_FAILED]);
      const token = await issueToken(db, user.id, clock.now(), clientHeaders(c.req.raw.headers));
      return { data: { token, user: serializeUser(user) } };
    },
    logout: async (c) => {
      const { db, clock, broadcaster } = c.var.deps;
      await db.update(tokens).set({ revokedAt: clock.now() }).where(eq(tokens.id, c.var.auth.tokenId));
      // Every live connection of the user re-authorises: this session's no longer can.
      await broadcaster.endUserConnections(c.var.auth.user.id);
      return { data: {}, messages: ['You have been signed out.'] };
    },
    get: async (c) => ({ data: { user: serializeUser(c.var.auth.user) } }),
    update: async (c, { body: input }) => {
      const { db, clock } = c.var.deps;
      const { user } = c.var.auth;
      const now = clock.now();
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: now };
      const messages: string[] = [];
      if (input.name !== undefined) changes.name = input.name;
      // A new email is not applied here: it gets a code, and users/email-change-verify applies it.
      const emailChange = input.email !== undefined && input.email !== user.email ? input.email : undefined;
      if ('mobile' in input && (input.mobile ?? null) !== user.mobile) {
        // A new number has to be verified again.
        changes.mobile = input.mobile ?? null;
        changes.mobileVerifiedAt = null;
      }
      if (input.password !== undefined || input.current_password !== undefined) {
        const parsed = changePasswordSchema.safeParse({
          current_password: input.current_password,
          password: input.password,
        });
        if (!parsed.success)
          throw invalid(
            Object.fromEntries(
              parsed.error.issues.map((issue: { path: PropertyKey[]; message: string }) => [
                String(issue.path[0]),
                [issue.message],
              ]),
            ),
          );
        if (!(await verifyPassword(user.passwordHash, parsed.data.current_password))) {
          throw invalid({ current_password: ['The current password is not correct.'] });
        }
        changes.passwordHash = await hashPassword(parsed.data.password);
        messages.push('Your password has been changed.');
      }
      // Validated (free, not the current one) and mailed before anything is saved.
      const codeSent = emailChange ? await requestEmailChange(c.var.deps, user, emailChange) : undefined;
      const [updated] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
      if (changes.passwordHash) {
        // Every other session ends; this one stays signed in.
        await db
          .update(tokens)
          .set({ revokedAt: now })
          .where(and(eq(tokens.userId, user.id), isNull(tokens.revokedAt), ne(tokens.id, c.var.auth.tokenId)));
        await c.var.deps.broadcaster.endUserConnections(user.id);
      }
      if (messages.length === 0) messages.push('Your account has been updated.');
      if (codeSent) messages.push(codeSent);
      await userUpdated(c.var.deps, updated);
      return { data: { user: serializeUser(updated) }, messages };
    },
    delete: async (c) => {
      const { db, clock } = c.var.deps;
      const { user } = c.var.auth;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, user.id));
        await tx
          .update(businessUsers)
          .set({ removedAt: now })
          .where(and(eq(businessUsers.userId, user.id), isNull(businessUsers.removedAt)));
      });
      await revokeUserTokens(db, user.id, now);
      await c.var.deps.broadcaster.endUserConnections(user.id);
      await userUpdated(c.var.deps, user.id);
      return { data: {}, messages: ['Your account has been deleted.'] };
    },
    savePushId: async (c, { body: input }) => {
      const { db, clock } = c.var.deps;
      // A push id belongs to the phone app: a client that says it is the web (the mode header of
      // docs/product.md#v1-calls) cannot receive pushes, so saving one would only make pushes go nowhere.
      if (input.onesignal_user_id !== null && c.req.header(CLIENT_HEADERS.mode) === 'web')
        throw forbidden(specMessages.push.nativeOnly);
      const [updated] = await db
        .update(users)
        .set({ onesignalUserId: input.onesignal_user_id, updatedAt: clock.now() })
        .where(eq(users.id, c.var.auth.user.id))
        .returning();
      await userUpdated(c.var.deps, updated);
      return { data: { user: serializeUser(updated) } };
    },
  },
);
