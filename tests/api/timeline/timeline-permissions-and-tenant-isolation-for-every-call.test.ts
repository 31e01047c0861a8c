import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { call, form, sms } from '#tests/support/timeline-fixtures';

let h: Harness;
let owner: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
let outsider: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
/** One item of each type in the owner's business, and one in the outsider's. */
const mine: Record<string, string> = {};
const theirs: Record<string, string> = {};

async function makeAll(account: { business: { _id: string }; token: string }, into: Record<string, string>) {
  const b = account.business._id;
  into.call = (await call(h, b))._id;
  into.sms = (await sms(h, b))._id;
  into.form = (await form(h, b))._id;
  const note = await h.call(`businesses/notes/${b}/create`, { body: 'Private' }, account.token);
  into.note = note.body.data.note._id;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUpWithBusiness();
  outsider = await h.signUpWithBusiness();
  await makeAll(owner, mine);
  await makeAll(outsider, theirs);
});
afterAll(() => h.close());

type Case = {
  name: string;
  path: (business: string, id: string) => string;
  body?: unknown;
  type: keyof typeof mine;
  needs: string | null;
  refusal: string | null;
};

const view = (many: string) => `You do not have permission to view ${many}`;
const edit = (many: string) => `You do not have permission to edit ${many}`;

const CASES: Case[] = [
  ...(['note', 'call', 'sms', 'form'] as const).flatMap((type) => {
    const many = { note: 'notes', call: 'calls', sms: 'smses', form: 'forms' }[type];
    const cases: Case[] = [
      {
        name: `${many}/list`,
        path: (b) => `businesses/${many}/${b}/list`,
        body: {},
        type,
        needs: `${many}/view`,
        refusal: view(many),
      },
      {
        name: `${many}/get`,
        path: (b, id) => `businesses/${many}/${b}/get/${id}`,
        type,
        needs: `${many}/view`,
        refusal: view(many),
      },
      {
        name: `${many}/delete`,
        path: (b, id) => `businesses/${many}/${b}/delete/${id}`,
        type,
        needs: `${many}/edit`,
        refusal: edit(many),
      },
      {
        name: `${many}/restore`,
        path: (b, id) => `businesses/${many}/${b}/restore/${id}`,
        type,
        needs: `${many}/edit`,
        refusal: edit(many),
      },
    ];
    if (type === 'note') {
      cases.push(
        {
          name: 'notes/create',
          path: (b) => `businesses/notes/${b}/create`,
          body: { body: 'Sneaky' },
          type,
          needs: 'notes/edit',
          refusal: edit('notes'),
        },
        {
          name: 'notes/update',
          path: (b, id) => `businesses/notes/${b}/update/${id}`,
          body: { body: 'Sneaky' },
          type,
          needs: 'notes/edit',
          refusal: edit('notes'),
        },
      );
    }
    if (type === 'call')
      cases.push({
        name: 'calls/recording',
        path: (b, id) => `businesses/calls/${b}/recording/${id}`,
        type,
        needs: 'calls/view',
        refusal: view('calls'),
      });
    return cases;
  }),
  {
    name: 'timeline/list',
    path: (b) => `businesses/timeline/${b}/list`,
    body: {},
    type: 'note',
    needs: null,
    refusal: null,
  },
  {
    name: 'notifications/list-not-dismissed',
    path: (b) => `businesses/notifications/${b}/list-not-dismissed`,
    type: 'note',
    needs: null,
    refusal: null,
  },
];

/** What the owner sees of every item, to show that refused calls changed nothing. */
async function snapshot() {
  const result = await h.call(`businesses/timeline/${owner.business._id}/list`, {}, owner.token);
  return result.body.data.timeline;
}

describe.each(CASES)('$name', ({ path, body, type, needs, refusal }) => {
  it('answers 401 without a token', async () => {
    expectFailureEnvelope(await h.call(path(owner.business._id, mine[type]), body), 401);
  });

  it("answers 404 to a user of another business, whether they name the owner's business or their own", async () => {
    const before = await snapshot();
    expectFailureEnvelope(await h.call(path(owner.business._id, mine[type]), body, outsider.token), 404);
    if (path('B', 'I').includes('/I')) {
      // The owner's item through the outsider's own business: not found there either.
      expectFailureEnvelope(await h.call(path(outsider.business._id, mine[type]), body, outsider.token), 404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it(
    needs
      ? `answers 403 with the spec's message to a member without ${needs}`
      : 'is open to every member of the business',
    async () => {
      const member = await h.signUp();
      const others = [
        'notes/view',
        'calls/view',
        'smses/view',
        'forms/view',
        'notes/edit',
        'calls/edit',
        'smses/edit',
        'forms/edit',
        'customers/view',
      ].filter((p) => p !== needs);
      await h.addMember(owner.business._id, member.user.id, others);
      const before = await snapshot();
      const result = await h.call(path(owner.business._id, mine[type]), body, member.token);
      if (!needs) {
        expect(result.status).toBe(200);
        return;
      }
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual([refusal]);
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('a deleted item of another business', () => {
  it('cannot be restored, read or deleted again through any business', async () => {
    for (const [type, many] of [
      ['note', 'notes'],
      ['call', 'calls'],
      ['sms', 'smses'],
      ['form', 'forms'],
    ] as const) {
      const b = owner.business._id;
      expect((await h.call(`businesses/${many}/${b}/delete/${mine[type]}`, undefined, owner.token)).status).toBe(200);
      expectFailureEnvelope(
        await h.call(`businesses/${many}/${b}/restore/${mine[type]}`, undefined, outsider.token),
        404,
      );
      expectFailureEnvelope(
        await h.call(`businesses/${many}/${outsider.business._id}/restore/${mine[type]}`, undefined, outsider.token),
        404,
      );
      expectFailureEnvelope(
        await h.call(`businesses/${many}/${outsider.business._id}/get/${mine[type]}`, undefined, outsider.token),
        404,
      );
      expect((await h.call(`businesses/${many}/${b}/restore/${mine[type]}`, undefined, owner.token)).status).toBe(200);
    }
  });
});

describe('permissions that grant', () => {
  it('admin grants every call; view without edit reads but cannot change', async () => {
    const admin = await h.signUp();
    await h.addMember(owner.business._id, admin.user.id, ['admin']);
    const viewer = await h.signUp();
    await h.addMember(owner.business._id, viewer.user.id, ['notes/view', 'calls/view', 'smses/view', 'forms/view']);
    for (const [type, many] of [
      ['note', 'notes'],
      ['call', 'calls'],
      ['sms', 'smses'],
      ['form', 'forms'],
    ] as const) {
      const b = owner.business._id;
      expect((await h.call(`businesses/${many}/${b}/get/${mine[type]}`, undefined, viewer.token)).status).toBe(200);
      expect((await h.call(`businesses/${many}/${b}/list`, {}, viewer.token)).body.data.total).toBeGreaterThan(0);
      expectFailureEnvelope(await h.call(`businesses/${many}/${b}/delete/${mine[type]}`, undefined, viewer.token), 403);
      expect((await h.call(`businesses/${many}/${b}/delete/${mine[type]}`, undefined, admin.token)).status).toBe(200);
      expect((await h.call(`businesses/${many}/${b}/restore/${mine[type]}`, undefined, admin.token)).status).toBe(200);
    }
    expect(
      (await h.call(`businesses/notes/${owner.business._id}/create`, { body: 'By the admin' }, admin.token)).status,
    ).toBe(200);
  });

  it("a list never holds another business's items", async () => {
    for (const many of ['notes', 'calls', 'smses', 'forms']) {
      const result = await h.call(`businesses/${many}/${owner.business._id}/list`, {}, owner.token);
      const ids = result.body.data[many].map((item: { _id: string }) => item._id);
      for (const id of Object.values(theirs)) expect(ids).not.toContain(id);
    }
    const timeline = await h.call(`businesses/timeline/${outsider.business._id}/list`, {}, outsider.token);
    expect(timeline.body.data.timeline.map((item: { _id: string }) => item._id).sort()).toEqual(
      Object.values(theirs).sort(),
    );
  });
});
