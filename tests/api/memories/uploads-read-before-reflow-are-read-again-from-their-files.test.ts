import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories } from '#api/db/schema';
import { tidyText } from '#api/services/extract';
import { rereadUploads } from '#api/services/extract/reread';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { makeStyledPdf, upload, type PdfLine } from '#tests/support/memories';

let h: Harness;
let filesDir: string;
beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-reread-'));
  h = await createHarness({ filesDir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const PAGES: PdfLine[][] = [
  [
    { text: 'Window Cleaning Terms', font: 'bold', size: 18 },
    { text: 'Missed visits', font: 'bold', size: 13, gapBefore: 10 },
    { text: 'If we cannot reach your windows because a gate is locked, we will leave a', gapBefore: 4 },
    { text: 'card and come back on the next dry day at no extra charge to you.' },
  ],
];

/** What the reader stored before it reflowed: pdf.js's text, every line break kept. */
async function textAsReadBefore(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return tidyText((text as string[]).join('\n\n'));
}

/** Put a memory back as the old reader left it: its content and extracted length, unchanged since upload. */
async function storeAsBefore(
  id: string,
  content: string,
  extractedChars: number,
  options: { editedLater?: boolean } = {},
) {
  const [row] = await h.database.db.select().from(memories).where(eq(memories.id, id));
  const updatedAt = options.editedLater ? new Date(row.createdAt.getTime() + 60_000) : row.createdAt;
  await h.database.db
    .update(memories)
    .set({ content, meta: { ...(row.meta as object), extracted_chars: extractedChars }, updatedAt })
    .where(eq(memories.id, id));
}

const contentOf = async (id: string) =>
  (await h.database.db.select().from(memories).where(eq(memories.id, id)))[0].content;

describe('uploads read before reflow are read again from their stored files', () => {
  it('replaces the old line-broken text with the reflowed one, keeps the caption and the owner’s edits, and does nothing twice', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const pdf = makeStyledPdf(PAGES);
    const old = await textAsReadBefore(pdf);
    expect(old).toContain('we will leave a\ncard and come back');

    const untouched = (
      await upload(
        h,
        b,
        owner.token,
        { bytes: pdf, name: 'terms.pdf', type: 'application/pdf' },
        { content: 'Our terms for 2026.' },
      )
    ).body.data.memory;
    await storeAsBefore(untouched._id, `Our terms for 2026.\n\n${old}`, old.length);
    const edited = (await upload(h, b, owner.token, { bytes: pdf, name: 'terms-copy.pdf', type: 'application/pdf' }))
      .body.data.memory;
    await storeAsBefore(edited._id, `${old}\nAlso: we clean conservatory roofs.`, old.length, { editedLater: true });

    const report = await rereadUploads(h.deps, { businessId: b });
    expect(report).toEqual({ updated: 1, unchanged: 0, skipped: 1, failed: 0 });

    const reread = await contentOf(untouched._id);
    expect(reread).toBe(
      'Our terms for 2026.\n\n# Window Cleaning Terms\n\n## Missed visits\n\nIf we cannot reach your windows because a gate is locked, we will leave a card and come back on the next dry day at no extra charge to you.',
    );
    expect(await contentOf(edited._id)).toBe(`${old}\nAlso: we clean conservatory roofs.`);

    const results = (await h.call(`businesses/memories/${b}/search`, { query: 'gate locked' }, owner.token)).body.data
      .results;
    expect(results.find((hit: { source: { _id: string } }) => hit.source._id === untouched._id)).toMatchObject({
      heading: 'Missed visits',
      text: 'If we cannot reach your windows because a gate is locked, we will leave a card and come back on the next dry day at no extra charge to you.',
    });

    // The re-read memory now counts as changed since its upload: a second run leaves everything alone.
    expect(await rereadUploads(h.deps, { businessId: b })).toEqual({ updated: 0, unchanged: 0, skipped: 2, failed: 0 });
    // Four files read in extraction workers: seconds each on a busy two-core machine.
  }, 90_000);

  it('leaves an upload the current reader read as it is', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const memory = (
      await upload(h, b, owner.token, { bytes: makeStyledPdf(PAGES), name: 'terms.pdf', type: 'application/pdf' })
    ).body.data.memory;
    expect(await rereadUploads(h.deps, { businessId: b })).toEqual({ updated: 0, unchanged: 1, skipped: 0, failed: 0 });
    expect(await contentOf(memory._id)).toBe(memory.content);
  });
});
