import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '#contract/permissions';
import { allV1Calls } from '#contract/v1/index';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { businessFingerprint, changedTables } from '#tests/support/db-fingerprint';
import type { Ctx, Ids, Rule } from '#tests/support/permission-matrix-records';
import { RULES } from '#tests/support/permission-matrix-rules';

/**
 * The permission matrix of the v1 API, built from the OpenAPI document: every call with a
 * {business_id} path parameter is tried signed out (401), by a user of another business
 * (404), by a member without any permission (403 when the call needs one, with the spec's
 * message for the list calls that have one), and by an admin (allowed: not 401/403/404).
 * Every refusal must leave both businesses' rows exactly as they were (tests/support/db-fingerprint.ts).
 * A call that is not in RULES (tests/support/permission-matrix-rules.ts) fails the test: add it
 * with the permission it needs.
 */
let h: Harness;
let calls: string[];
beforeAll(async () => {
  h = await createHarness();
  const response = await h.app.fetch(new Request('http://api.test/api/v1/openapi.json'));
  const doc = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
  calls = Object.keys(doc.paths)
    .filter((path) => path.includes('{business_id}'))
    .map((path) => path.replace(/^\/api\/v1\//, ''));
});
afterAll(() => h.close());

/** The path with its parameters filled in. */
const fill = (template: string, ids: Ids) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = ids[name];
    if (!value) throw new Error(`${template}: no value for {${name}} (give the rule a prepare)`);
    return value;
  });

async function send(path: string, rule: Rule, ctx: Ctx, token?: string) {
  if (rule.multipart) {
    const response = await h.request(path, {
      method: 'POST',
      body: rule.multipart(ctx),
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text || '{}') as { errors?: string[] } };
  }
  return h.call(path, rule.body?.(ctx), token);
}

describe('the API permission matrix (from the OpenAPI document)', () => {
  it('has a rule for every business-scoped call, and no rule for a call that is gone', () => {
    expect(calls.length).toBeGreaterThan(50);
    const missing = calls.filter((call) => !(call in RULES));
    expect(
      missing,
      'add these calls to RULES (tests/support/permission-matrix-rules.ts) with the permission they need',
    ).toEqual([]);
    expect(Object.keys(RULES).filter((call) => !calls.includes(call))).toEqual([]);
    expect(
      allV1Calls.map((call) => call.path).filter((path) => path.includes('{business_id}') && !calls.includes(path)),
      'declared in contract/v1 but not served',
    ).toEqual([]);
  });

  it('the data fingerprint notices a change to any business row', async () => {
    const owner = await h.signUpWithBusiness();
    const before = await businessFingerprint(h.database.db, [owner.business._id]);
    await h.call(
      `businesses/customers/${owner.business._id}/create`,
      { first_name: 'Fingerprint', status: 'lead' },
      owner.token,
    );
    const afterCreate = await businessFingerprint(h.database.db, [owner.business._id]);
    expect(changedTables(before, afterCreate)).toContain('customers');
    await h.call(`businesses/update/${owner.business._id}`, { name: `${owner.business.name} renamed` }, owner.token);
    expect(changedTables(afterCreate, await businessFingerprint(h.database.db, [owner.business._id]))).toContain(
      'businesses',
    );
  });

  it(
    'signed out 401, another business 404, a member without permissions 403 where one is needed, admin allowed',
    { timeout: 600_000 },
    async () => {
      const owner = await h.signUpWithBusiness();
      const outsider = await h.signUpWithBusiness();
      const bare = await h.signUp();
      await h.addMember(owner.business._id, bare.user.id, []);
      const failures: string[] = [];

      // One member per permission, holding only that permission.
      const holders = new Map<Permission, string>();
      async function holder(permission: Permission) {
        if (!holders.has(permission)) {
          const someone = await h.signUp();
          await h.addMember(owner.business._id, someone.user.id, [permission]);
          holders.set(permission, someone.token);
        }
        return holders.get(permission)!;
      }
      const fresh = async (rule: Rule) => {
        const ctx: Ctx = {
          h,
          b: owner.business._id,
          admin: owner.token,
          ids: { business_id: owner.business._id },
          memberUserId: bare.user.id,
        };
        Object.assign(ctx.ids, (await rule.prepare?.(ctx)) ?? {});
        return ctx;
      };

      for (const call of calls) {
        const rule = RULES[call];
        if (!rule) continue;
        const expectStatus = (who: string, status: number, check: (status: number) => boolean, detail = '') => {
          if (!check(status)) failures.push(`${call} ${who}: answered ${status}${detail}`);
        };
        const allowed = (who: string, result: { status: number; body: unknown }) => {
          if (rule.allowedStatus)
            expectStatus(`${who} (${rule.allowedStatus.why})`, result.status, (s) => s === rule.allowedStatus!.status);
          else
            expectStatus(
              who,
              result.status,
              (s) => s !== 401 && s !== 403 && s !== 404 && s < 500,
              ` ${JSON.stringify(result.body)}`,
            );
        };
        const ctx = await fresh(rule);
        const path = fill(call, ctx.ids);
        // Every refusal below must leave both businesses' data exactly as it was.
        const fingerprint = () => businessFingerprint(h.database.db, [owner.business._id, outsider.business._id]);
        let before = await fingerprint();
        const unchanged = async (who: string) => {
          const after = await fingerprint();
          const changed = changedTables(before, after);
          if (changed.length) failures.push(`${call} ${who}: the refusal changed ${changed.join(', ')}`);
          before = after;
        };

        expectStatus('signed out', (await send(path, rule, ctx)).status, (s) => s === 401);
        await unchanged('signed out');

        const other = await send(path, rule, ctx, outsider.token);
        expectStatus('other business', other.status, (s) => s === 404, ` ${JSON.stringify(other.body)}`);
        await unchanged('other business');
        // Tenant isolation of the records too: the other business's admin, in their own business, naming this one's record.
        if (Object.keys(ctx.ids).length > 1 && !rule.skipMemberAndAdmin) {
          const foreign = await send(
            fill(call, { ...ctx.ids, business_id: outsider.business._id }),
            rule,
            ctx,
            outsider.token,
          );
          const expected = rule.foreignRecord?.status ?? 404;
          expectStatus(
            `another business's record${rule.foreignRecord ? ` (${rule.foreignRecord.why})` : ''}`,
            foreign.status,
            (s) => s === expected,
            ` ${JSON.stringify(foreign.body)}`,
          );
          await unchanged("another business's record");
        }
        if (rule.skipMemberAndAdmin) continue;

        const asMember = await send(path, rule, ctx, bare.token);
        if (rule.permission) {
          expectStatus(
            'member without permission',
            asMember.status,
            (s) => s === 403,
            ` ${JSON.stringify(asMember.body)}`,
          );
          await unchanged('member without permission');
          if (rule.refusal && asMember.body.errors?.[0] !== rule.refusal)
            failures.push(
              `${call} member: refusal ${JSON.stringify(asMember.body.errors)}, expected "${rule.refusal}"`,
            );
        } else if (rule.memberStatus) {
          expectStatus(`member (${rule.memberStatus.why})`, asMember.status, (s) => s === rule.memberStatus!.status);
          await unchanged('member');
        } else if (rule.allowedStatus) {
          expectStatus(`member (${rule.allowedStatus.why})`, asMember.status, (s) => s === rule.allowedStatus!.status);
        } else {
          expectStatus(
            'member (no permission needed)',
            asMember.status,
            (s) => s !== 401 && s !== 403 && s < 500,
            ` ${JSON.stringify(asMember.body)}`,
          );
        }

        if (rule.permission && rule.permission !== 'admin') {
          const own = await fresh(rule);
          allowed(
            `member with ${rule.permission}`,
            await send(fill(call, own.ids), rule, own, await holder(rule.permission)),
          );
          await rule.cleanup?.(own);
        }

        allowed('admin', await send(path, rule, ctx, owner.token));
        await rule.cleanup?.(ctx);
      }
      expect(failures).toEqual([]);
    },
  );
});
