import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories } from '#api/db/schema';
import { EXTRACTION_MESSAGES } from '#api/services/extract';
import { createMemory, updateMemory } from '#api/features/memories/service';
import { MAX_MEMORY_CONTENT_CHARS } from '#contract/schemas/memory';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';
import { upload } from '#tests/support/memories';
import { makeDocx, makeDocxBomb, makeManyPagesPdf, makePdfBomb } from '#tests/support/upload-bombs';

/**
 * Upload bombs (a few hundred KB that inflate to hundreds of MB) are refused before they are
 * inflated, with a clear 422, and store nothing; no content is stored longer than a memory
 * holds, whoever writes it; lists answer the start of each content, never the whole.
 */
let h: Harness;
let filesDir: string;
beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-bombs-'));
  h = await createHarness({ filesDir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const stored = (businessId: string) => fs.existsSync(path.join(filesDir, 'memories', businessId));

describe('upload bombs', () => {
  it('a Word document that unpacks to more than the limits (declared, or lying about it) is refused at once and nothing is stored', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const bomb = makeDocxBomb(20);
    expect(bomb.byteLength).toBeLessThan(200_000);
    const started = Date.now();
    expectFieldError(
      await upload(h, b, owner.token, { bytes: bomb, name: 'bomb.docx', type: '' }),
      'file',
      EXTRACTION_MESSAGES.docxTooLarge,
    );
    // A central directory that claims 1 KB for what inflates to 2 MB.
    const liar = makeDocxBomb(2, { declaredSize: 1000 });
    expectFieldError(
      await upload(h, b, owner.token, { bytes: liar, name: 'liar.docx', type: '' }),
      'file',
      EXTRACTION_MESSAGES.docxTooLarge,
    );
    // Refused on what the archive says, not after reading it (the 120 MB one took 58 s): a generous bound.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(stored(b)).toBe(false);
    expect((await h.call(`businesses/memories/${b}/list`, {}, owner.token)).body.data.total).toBe(0);

    // A real document still reads.
    const fine = await upload(h, b, owner.token, {
      bytes: makeDocx(['Opening hours', 'We open at nine.']),
      name: 'hours.docx',
      type: '',
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(fine.body.data.memory).toMatchObject({
      type: 'file',
      status: 'active',
      content: 'Opening hours\n\nWe open at nine.',
    });
  });

  it('a PDF whose page content inflates past the budget, or with more pages than the limit, is refused and nothing is stored', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const bomb = makePdfBomb(40);
    expect(bomb.byteLength).toBeLessThan(200_000);
    const started = Date.now();
    expectFieldError(
      await upload(h, b, owner.token, { bytes: bomb, name: 'bomb.pdf', type: 'application/pdf' }),
      'file',
      EXTRACTION_MESSAGES.pdfTooLarge,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expectFieldError(
      await upload(h, b, owner.token, { bytes: makeManyPagesPdf(1001), name: 'pages.pdf', type: 'application/pdf' }),
      'file',
      EXTRACTION_MESSAGES.pdfTooManyPages,
    );
    // Compressed twice over, so that its first layer alone looks small.
    expectFieldError(
      await upload(h, b, owner.token, {
        bytes: makePdfBomb(40, { twice: true }),
        name: 'twice.pdf',
        type: 'application/pdf',
      }),
      'file',
      EXTRACTION_MESSAGES.pdfTooLarge,
    );
    expect(stored(b)).toBe(false);
  });
});

describe('a memory holds at most 200,000 characters on every path', () => {
  const lengthOf = async (id: string) =>
    Number(
      (
        await h.database.db
          .select({ n: sql<number>`char_length(${memories.content})` })
          .from(memories)
          .where(eq(memories.id, id))
      )[0].n,
    );

  it('an upload whose text is longer is cut (and says so), the v1 calls refuse more, and every other writer is cut', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const long = 'All work and no play. '.repeat(15_000);
    const uploaded = await upload(
      h,
      b,
      owner.token,
      { bytes: long, name: 'long.txt', type: 'text/plain' },
      { content: 'A caption' },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.data.memory.meta).toMatchObject({ truncated: true });
    // Cut at the limit (a space at the cut is then trimmed).
    expect(await lengthOf(uploaded.body.data.memory._id)).toBeGreaterThan(MAX_MEMORY_CONTENT_CHARS - 2);
    expect(await lengthOf(uploaded.body.data.memory._id)).toBeLessThanOrEqual(MAX_MEMORY_CONTENT_CHARS);

    const tooLong = 'x'.repeat(MAX_MEMORY_CONTENT_CHARS + 1);
    expect(
      (
        await h.call(
          `businesses/memories/${b}/create`,
          { type: 'text', status: 'active', content: tooLong },
          owner.token,
        )
      ).status,
    ).toBe(422);
    const created = await h.call(
      `businesses/memories/${b}/create`,
      { type: 'text', status: 'active', content: 'Short' },
      owner.token,
    );
    expect(
      (
        await h.call(
          `businesses/memories/${b}/update/${created.body.data.memory._id}`,
          { content: tooLong },
          owner.token,
        )
      ).status,
    ).toBe(422);

    // The data loader, the assistant and the training questions write through the memory service.
    const written = await createMemory(h.deps, b, { type: 'web_page', status: 'active', content: 'y'.repeat(300_000) });
    expect(await lengthOf(written._id)).toBe(MAX_MEMORY_CONTENT_CHARS);
    await updateMemory(h.deps, b, written._id, { content: 'z'.repeat(250_000) });
    expect(await lengthOf(written._id)).toBe(MAX_MEMORY_CONTENT_CHARS);
  });
});

describe('lists answer a preview of each content', () => {
  it('the list and the questions list carry the first 300 characters; the memory itself is whole', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const content = `${'Boilers serviced across Leeds. '.repeat(2000)}The end.`;
    const memory = (
      await h.call(
        `businesses/memories/${b}/create`,
        { type: 'text', status: 'active', content, title: 'Long' },
        owner.token,
      )
    ).body.data.memory;
    const question = (
      await h.call(
        `businesses/memories/${b}/create`,
        { type: 'question', status: 'active', content: `Do you ${'really '.repeat(200)}fix boilers?` },
        owner.token,
      )
    ).body.data.memory;

    const list = await h.call(`businesses/memories/${b}/list`, {}, owner.token);
    const listed = list.body.data.memories.find((item: { _id: string }) => item._id === memory._id);
    expect(listed.content).toBe(`${content.slice(0, 300)}…`);
    expect(JSON.stringify(list.body).length).toBeLessThan(10_000);
    const questions = await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token);
    expect(questions.body.data.questions[0].content).toHaveLength(301);
    expect(questions.body.data.questions[0]._id).toBe(question._id);

    const got = await h.call(`businesses/memories/${b}/get/${memory._id}`, undefined, owner.token);
    expect(got.body.data.memory.content).toBe(content);
  });
});
