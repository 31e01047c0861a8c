import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { createMemory, TINY_PNG, upload } from '#tests/support/memories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const VIEW_REFUSAL = 'You do not have permission to view memories';
const EDIT_REFUSAL = 'You do not have permission to edit memories';

async function businessWithMemories() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const live = await createMemory(h, b, owner.token, { content: 'Secret opening hours: nine to five' });
  const question = await createMemory(h, b, owner.token, { type: 'question', content: 'Do you deliver?' });
  const deleted = await createMemory(h, b, owner.token, { content: 'Deleted memory' });
  await h.call(`businesses/memories/${b}/delete/${deleted._id}`, undefined, owner.token);
  return { owner, b, live, question, deleted };
}

function everyCall(b: string, ids: { live: string; question: string; deleted: string }) {
  const reads: [string, unknown][] = [
    [`businesses/memories/${b}/list`, {}],
    [`businesses/memories/questions/${b}/list`, {}],
    [`businesses/memories/${b}/get/${ids.live}`, undefined],
    [`businesses/memories/${b}/search`, { query: 'opening hours' }],
  ];
  const writes: [string, unknown][] = [
    [`businesses/memories/${b}/create`, { type: 'text', status: 'active', content: 'Intruder' }],
    [`businesses/memories/${b}/update/${ids.live}`, { content: 'Changed' }],
    [`businesses/memories/${b}/answer/${ids.question}`, { answer: 'Yes' }],
    [`businesses/memories/${b}/ignore/${ids.question}`, undefined],
    [`businesses/memories/${b}/delete/${ids.live}`, undefined],
    [`businesses/memories/${b}/restore/${ids.deleted}`, undefined],
  ];
  return { reads, writes };
}

async function snapshot(owner: { token: string }, b: string, deletedId: string) {
  const list = await h.call(`businesses/memories/${b}/list`, {}, owner.token);
  const deleted = await h.call(`businesses/memories/${b}/get/${deletedId}`, undefined, owner.token);
  return { memories: list.body.data.memories, deletedStatus: deleted.status };
}

describe('signed-out callers', () => {
  it('get 401 from every call, the upload included', async () => {
    const { b, live, question, deleted } = await businessWithMemories();
    const { reads, writes } = everyCall(b, { live: live._id, question: question._id, deleted: deleted._id });
    for (const [path, body] of [...reads, ...writes]) expectFailureEnvelope(await h.call(path, body), 401);
    expectFailureEnvelope(await upload(h, b, undefined, { bytes: 'hello', name: 'a.txt' }), 401);
  });
});

describe('members without memories/view', () => {
  it(`get 403 '${VIEW_REFUSAL}' from every read`, async () => {
    const { b, live, question, deleted } = await businessWithMemories();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['customers/view']);
    for (const [path, body] of everyCall(b, { live: live._id, question: question._id, deleted: deleted._id }).reads) {
      const result = await h.call(path, body, member.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors, path).toEqual([VIEW_REFUSAL]);
    }
  });
});

describe('members with memories/view but not memories/edit', () => {
  it(`can read, and every write is refused with 403 '${EDIT_REFUSAL}' and changes nothing`, async () => {
    const { owner, b, live, question, deleted } = await businessWithMemories();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['memories/view']);
    const calls = everyCall(b, { live: live._id, question: question._id, deleted: deleted._id });
    for (const [path, body] of calls.reads) expect((await h.call(path, body, member.token)).status, path).toBe(200);
    const before = await snapshot(owner, b, deleted._id);
    const eventCount = h.events.length;
    for (const [path, body] of calls.writes) {
      const result = await h.call(path, body, member.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors, path).toEqual([EDIT_REFUSAL]);
    }
    const refused = await upload(h, b, member.token, { bytes: TINY_PNG, name: 'a.png', type: 'image/png' });
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual([EDIT_REFUSAL]);
    expect(await snapshot(owner, b, deleted._id)).toEqual(before);
    expect(h.events.length).toBe(eventCount);
  });

  it('with memories/edit too, every write works', async () => {
    const { b, live, question, deleted } = await businessWithMemories();
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['memories/view', 'memories/edit']);
    const { writes } = everyCall(b, { live: live._id, question: question._id, deleted: deleted._id });
    // Answer and ignore act on the same question: ignore after answering still works (any question type).
    for (const [path, body] of writes) expect((await h.call(path, body, member.token)).status, path).toBe(200);
    expect((await upload(h, b, member.token, { bytes: 'hello', name: 'a.txt', type: 'text/plain' })).status).toBe(200);
  });
});

describe('another business', () => {
  it("gets 404 from every call on this business's memories, which stay unchanged and unsearched", async () => {
    const { owner, b, live, question, deleted } = await businessWithMemories();
    const stranger = await h.signUpWithBusiness();
    const before = await snapshot(owner, b, deleted._id);
    const eventCount = h.events.length;
    const { reads, writes } = everyCall(b, { live: live._id, question: question._id, deleted: deleted._id });
    for (const [path, body] of [...reads, ...writes])
      expectFailureEnvelope(await h.call(path, body, stranger.token), 404);
    expectFailureEnvelope(await upload(h, b, stranger.token, { bytes: 'hello', name: 'a.txt' }), 404);

    // Their own business's ids for our records: 404 too (records are scoped to the business).
    const s = stranger.business._id;
    const theirs = everyCall(s, { live: live._id, question: question._id, deleted: deleted._id });
    for (const [path, body] of theirs.writes.filter(([path]) => !path.includes('/create'))) {
      expectFailureEnvelope(await h.call(path, body, stranger.token), 404);
    }
    expectFailureEnvelope(await h.call(`businesses/memories/${s}/get/${live._id}`, undefined, stranger.token), 404);
    const search = await h.call(`businesses/memories/${s}/search`, { query: 'secret opening hours' }, stranger.token);
    expect(search.body.data.results).toEqual([]);
    expect(await snapshot(owner, b, deleted._id)).toEqual(before);
    expect(h.events.length).toBe(eventCount);
  });
});
