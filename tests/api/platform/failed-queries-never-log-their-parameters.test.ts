import { faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger';
import { createHarness, PASSWORD, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

/**
 * A write that fails must not put what it was writing into the log: drizzle's error message
 * is "Failed query: <sql>\nparams: <every value>", and for a password change the values hold
 * the new password's hash. The server's own logger is used, so what is asserted is the text
 * that would reach the log store. A trigger makes the database refuse the write for one user.
 */
let h: Harness;
const lines: string[] = [];
beforeAll(async () => {
  h = await createHarness({ log: createLogger('debug', (text) => lines.push(text)) });
});
afterAll(() => h.close());

/** Make every write to one user's row (or one email's insert) fail until the returned function is called. */
async function failWritesFor(match: { id?: string; email?: string }) {
  const name = `fail_${faker.string.alpha(10).toLowerCase()}`;
  const condition = match.id ? `new.id = '${match.id}'` : `new.email = '${match.email}'`;
  await h.database.db.execute(
    sql.raw(
      `create function ${name}() returns trigger language plpgsql as $$ begin if ${condition} then raise exception 'forced failure' using errcode = 'P0001'; end if; return new; end $$`,
    ),
  );
  await h.database.db.execute(
    sql.raw(`create trigger ${name} before insert or update on users for each row execute function ${name}()`),
  );
  return async () => {
    await h.database.db.execute(sql.raw(`drop trigger ${name} on users`));
    await h.database.db.execute(sql.raw(`drop function ${name}()`));
  };
}

function expectNoSecretIn(logged: string, secrets: string[]) {
  expect(logged).not.toMatch(/\$argon2/);
  for (const secret of secrets) expect(logged).not.toContain(secret);
}

describe('a failed write is logged without its parameters', () => {
  it('a password change that fails logs the query and the error code, not the new hash', async () => {
    const account = await h.signUp();
    const restore = await failWritesFor({ id: account.user.id });
    const mark = lines.length;
    const next = `New-${faker.string.alphanumeric(16)}`;
    try {
      const result = await h.call('users/update', { current_password: PASSWORD, password: next }, account.token);
      expectFailureEnvelope(result, 500);
    } finally {
      await restore();
    }
    const logged = lines.slice(mark).join('');
    expect(logged).toContain('api error');
    // Enough to find the fault: which statement, which database error.
    expect(logged).toMatch(/update \\"users\\"/);
    expect(logged).toContain('P0001');
    expectNoSecretIn(logged, [next, account.email]);
  });

  it('a registration that fails logs neither the hash nor the email and name it was inserting', async () => {
    const email = uniqueEmail();
    const name = `Secret ${faker.string.alpha(12)}`;
    const restore = await failWritesFor({ email });
    const mark = lines.length;
    const password = `Reg-${faker.string.alphanumeric(16)}`;
    try {
      expectFailureEnvelope(await h.call('users/create', { name, email, password }), 500);
    } finally {
      await restore();
    }
    const logged = lines.slice(mark).join('');
    expect(logged).toContain('api error');
    expectNoSecretIn(logged, [password, email, name]);
  });

  it('the logger itself drops the parameters of a failed query from any error text it is given', () => {
    const captured: string[] = [];
    const log = createLogger('debug', (text) => captured.push(text));
    const error = new Error(
      'Failed query: update "users" set "password_hash" = $1 where "users"."id" = $2\nparams: $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA,user-1',
    );
    log({ level: 'error', msg: 'tick failed', error: error.stack, also: String(error) });
    expect(captured.join('')).toContain('update \\"users\\"');
    expectNoSecretIn(captured.join(''), ['user-1']);
  });
});
