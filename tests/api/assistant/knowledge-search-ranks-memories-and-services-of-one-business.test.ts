import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { searchKnowledge } from '#api/services/knowledge';
import { indexService } from '#api/services/knowledge-index';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';
import { createMemory } from '#tests/support/memories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function addService(
  businessId: string,
  input: { name: string; description?: string; price?: string; status?: string; frequency?: number },
) {
  const now = new Date();
  const [row] = await h.deps.db
    .insert(services)
    .values({
      id: newId(),
      businessId,
      name: input.name,
      status: input.status ?? 'active',
      frequency: input.frequency ?? 0,
      description: input.description ?? null,
      price: input.price ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await indexService(h.deps.db, row);
  return row;
}

/** A small plumbing business's knowledge base, plus a second business with overlapping words. */
async function fixture() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const m = {
    hours: await createMemory(h, b, owner.token, {
      title: 'Opening hours',
      content: 'We are open Monday to Friday, 8am to 6pm, and Saturday mornings.',
    }),
    parking: await createMemory(h, b, owner.token, {
      title: 'Parking',
      content: 'Free parking is available behind the shop.',
    }),
    area: await createMemory(h, b, owner.token, {
      type: 'web_page',
      title: 'Areas we cover',
      content: 'We cover Leeds, Bradford and Wakefield. Call-outs outside these areas cost extra.',
      source_url: 'https://plumbing.test/areas',
    }),
    history: await createMemory(h, b, owner.token, {
      title: 'About us',
      content: 'A family business. Our founder opened the first shop in 1990; the hours were long.',
    }),
    inactive: await createMemory(h, b, owner.token, {
      status: 'inactive',
      title: 'Old hours',
      content: 'Opening hours used to be 9 to 5.',
    }),
    question: await createMemory(h, b, owner.token, {
      type: 'question',
      content: 'What are your opening hours on Sunday?',
    }),
    deleted: await createMemory(h, b, owner.token, { title: 'Opening hours (draft)', content: 'Opening hours draft' }),
  };
  await h.call(`businesses/memories/${b}/delete/${m.deleted._id}`, undefined, owner.token);
  const boiler = await addService(b, {
    name: 'Boiler service',
    description: 'A yearly safety check and clean of your gas boiler.',
    price: '£95',
    frequency: 365,
  });
  await addService(b, { name: 'Boiler installation', description: 'Retired offer.', status: 'inactive' });
  const other = await h.signUpWithBusiness();
  await createMemory(h, other.business._id, other.token, {
    title: 'Opening hours',
    content: 'Open 24 hours, parking, boiler service.',
  });
  return { owner, b, m, boiler };
}

const search = async (b: string, token: string, query: string, limit?: number) => {
  const result = await h.call(`businesses/memories/${b}/search`, { query, limit }, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.results as {
    source: { kind: string; _id: string; type: string; title: string | null };
    text: string;
    heading: string | null;
    rank: number;
  }[];
};

describe('knowledge search', () => {
  it('ranks the passage holding every word first, the heading above the body, and includes services', async () => {
    const { owner, b, m, boiler } = await fixture();
    const hours = await search(b, owner.token, 'what are your opening hours?');
    expect(hours[0].source).toEqual({ kind: 'memory', _id: m.hours._id, type: 'text', title: 'Opening hours' });
    expect(hours[0].heading).toBe('Opening hours');
    // "hours" alone (in the body of About us) is found too, below.
    expect(hours.map((hit) => hit.source._id)).toContain(m.history._id);
    expect(hours.findIndex((hit) => hit.source._id === m.history._id)).toBeGreaterThan(0);
    for (let i = 1; i < hours.length; i++) expect(hours[i - 1].rank).toBeGreaterThanOrEqual(hours[i].rank);

    const boilerHits = await search(b, owner.token, 'how much is a boiler service');
    expect(boilerHits[0].source).toEqual({ kind: 'service', _id: boiler.id, type: 'service', title: 'Boiler service' });
    expect(boilerHits[0].text).toContain('Price: £95.');
    expect(boilerHits.some((hit) => hit.source.title === 'Boiler installation')).toBe(false);

    expect((await search(b, owner.token, 'parking'))[0].source._id).toBe(m.parking._id);
    expect((await search(b, owner.token, 'do you cover Wakefield'))[0].source).toMatchObject({
      _id: m.area._id,
      type: 'web_page',
    });
  });

  it('never returns inactive, deleted or unanswered memories, nor another business', async () => {
    const { owner, b, m } = await fixture();
    const ids = (await search(b, owner.token, 'opening hours 24', 50)).map((hit) => hit.source._id);
    for (const hidden of [m.inactive._id, m.deleted._id, m.question._id]) expect(ids).not.toContain(hidden);
    expect(new Set(ids)).toEqual(new Set([m.hours._id, m.history._id]));
    // Restored: searchable again; deactivated: gone.
    await h.call(`businesses/memories/${b}/restore/${m.deleted._id}`, undefined, owner.token);
    expect((await search(b, owner.token, 'draft')).map((hit) => hit.source._id)).toEqual([m.deleted._id]);
    await h.call(`businesses/memories/${b}/update/${m.deleted._id}`, { status: 'inactive' }, owner.token);
    expect(await search(b, owner.token, 'draft')).toEqual([]);
  });

  it('takes websearch operators as written, honours the limit, and validates the query', async () => {
    const { owner, b, m } = await fixture();
    expect((await search(b, owner.token, '"opening hours" -saturday')).map((hit) => hit.source._id)).toEqual([]);
    expect((await search(b, owner.token, '"free parking"')).map((hit) => hit.source._id)).toEqual([m.parking._id]);
    expect(await search(b, owner.token, 'hours', 1)).toHaveLength(1);
    expect(await search(b, owner.token, 'the and of')).toEqual([]);
    expect(await searchKnowledge(h.deps.db, b, "o'brien \\ & | ! : ( ) <-> *")).toEqual([]);
    expectFieldError(
      await h.call(`businesses/memories/${b}/search`, { query: ' ' }, owner.token),
      'query',
      'You have not entered any search criteria.',
    );
  });
});
