import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#contract/schemas/memory';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { expectMemoryShape, makePdf, TINY_PNG, upload } from '#tests/support/memories';

let h: Harness;
let filesDir: string;
beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-files-'));
  h = await createHarness({ filesDir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const TOO_LARGE = 'The file is larger than 20 MB.';
const UNSUPPORTED =
  'This file type is not supported: upload a PDF, an image, a Word document, or a text, Markdown or HTML file.';

/** GET a root-relative URL the API answered (a signed file link). */
const open = (url: string) => Promise.resolve(h.app.fetch(new Request(`http://api.test${url}`)));

describe('uploading a PDF', () => {
  it('extracts its text (a hand-made PDF of two pages), stores the file and makes it searchable', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const pdf = makePdf([
      ['Emergency call-outs', 'We answer boiler breakdowns within two hours (day or night).'],
      ['Price list', 'Annual boiler service: 95 pounds'],
    ]);
    const result = await upload(h, b, owner.token, { bytes: pdf, name: 'Price list.pdf', type: 'application/pdf' });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Memory created.']);
    const memory = result.body.data.memory;
    expectMemoryShape(memory);
    expect(memory).toMatchObject({
      type: 'pdf',
      status: 'active',
      title: 'Price list',
      meta: { pages: 2, kind: 'pdf' },
    });
    expect(memory.content).toContain('We answer boiler breakdowns within two hours (day or night).');
    expect(memory.content).toContain('Annual boiler service: 95 pounds');
    expect(memory.file).toMatchObject({
      name: 'Price list.pdf',
      mime_type: 'application/pdf',
      size_bytes: pdf.byteLength,
    });
    expect(memory.file.url).toMatch(new RegExp(`^/api/v1/files/memories/${memory._id}\\?expires=\\d+&signature=`));
    expect(h.events.filter((e) => e.payload.id === memory._id).map((e) => e.event)).toEqual(['MemoryCreated']);

    const file = await open(memory.file.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    // Stored on disk under the files directory (the local storage).
    expect(fs.readdirSync(path.join(filesDir, 'memories', b)).filter((name) => !name.endsWith('.type'))).toHaveLength(
      1,
    );

    const search = await h.call(`businesses/memories/${b}/search`, { query: 'boiler breakdown' }, owner.token);
    expect(search.body.data.results[0].source).toEqual({
      kind: 'memory',
      _id: memory._id,
      type: 'pdf',
      title: 'Price list',
    });

    const got = await h.call(`businesses/memories/${b}/get/${memory._id}`, undefined, owner.token);
    expect(got.body.data.memory.file.url).toMatch(/signature=/);
  });

  it('keeps a damaged PDF as a failed memory with the reason, out of search', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await upload(h, owner.business._id, owner.token, {
      bytes: '%PDF-1.4\nthis is not really a pdf',
      name: 'broken.pdf',
      type: 'application/pdf',
    });
    expect(result.status).toBe(200);
    expect(result.body.data.memory).toMatchObject({
      type: 'pdf',
      status: 'failed',
      meta: { error: 'The text of this file could not be read.' },
    });
  });
});

describe('signed file links', () => {
  it('expire, refuse a wrong signature, and stop with the delete (until the restore)', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const memory = (
      await upload(
        h,
        b,
        owner.token,
        { bytes: TINY_PNG, name: 'van.png', type: 'image/png' },
        { content: 'Our blue van' },
      )
    ).body.data.memory;
    expect(memory).toMatchObject({
      type: 'image',
      content: 'Our blue van',
      title: 'van',
      file: { mime_type: 'image/png' },
    });
    expect((await open(memory.file.url)).status).toBe(200);

    const tampered = memory.file.url.replace(/signature=[^&]+/, 'signature=AAAA');
    const refused = await open(tampered);
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors).toEqual(['This file link is not valid.']);
    expect((await open(`/api/v1/files/memories/${memory._id}`)).status).toBe(403);

    await h.call(`businesses/memories/${b}/delete/${memory._id}`, undefined, owner.token);
    expect((await open(memory.file.url)).status).toBe(404);
    const restored = await h.call(`businesses/memories/${b}/restore/${memory._id}`, undefined, owner.token);
    expect((await open(restored.body.data.memory.file.url)).status).toBe(200);

    h.clock.offsetMs += 16 * 60 * 1000;
    const expired = await open(memory.file.url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).errors).toEqual([
      'This file link has expired. Open the memory again to get a new one.',
    ]);
    h.clock.offsetMs -= 16 * 60 * 1000;
  });
});

describe('text, Markdown and HTML uploads', () => {
  it('keep their readable text: Markdown headings become search headings, HTML loses its scripts and navigation', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const text = await upload(h, b, owner.token, {
      bytes: '\uFEFFWe  cover Leeds\r\nand Bradford.',
      name: 'area.txt',
      type: 'text/plain',
    });
    expect(text.body.data.memory).toMatchObject({
      type: 'file',
      content: 'We cover Leeds\nand Bradford.',
      file: { mime_type: 'text/plain; charset=utf-8' },
    });
    const md = await upload(
      h,
      b,
      owner.token,
      {
        bytes: '# Parking\n\nFree parking behind the shop.\n\n# Payment\n\nCash or card.',
        name: 'faq.md',
        type: 'application/octet-stream',
      },
      { title: 'FAQ' },
    );
    expect(md.body.data.memory).toMatchObject({
      type: 'file',
      title: 'FAQ',
      file: { mime_type: 'text/markdown; charset=utf-8' },
    });
    const hit = (await h.call(`businesses/memories/${b}/search`, { query: 'parking' }, owner.token)).body.data
      .results[0];
    expect(hit).toMatchObject({ heading: 'Parking', text: 'Free parking behind the shop.' });
    const html = await upload(h, b, owner.token, {
      bytes:
        '<html><head><title>About</title><script>alert(1)</script></head><body><nav>Home | About</nav><h1>About us</h1><p>Family run since 1990.</p></body></html>',
      name: 'about.html',
      type: 'text/html',
    });
    expect(html.body.data.memory.content).toContain('Family run since 1990.');
    expect(html.body.data.memory.content).not.toContain('alert');
    expect(html.body.data.memory.content).not.toContain('Home | About');
    // Served as a download, never rendered on our origin.
    const served = await open(html.body.data.memory.file.url);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="about.html"/);
  });
});

describe('upload limits', () => {
  it('refuse a missing, empty, oversized, unsupported or disguised file with a clear message and store nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expectFieldError(await upload(h, b, owner.token, null, { title: 'No file' }), 'file', 'Choose a file to upload.');
    expectFieldError(await upload(h, b, owner.token, { bytes: '', name: 'empty.txt' }), 'file', 'The file is empty.');
    expectFieldError(
      await upload(h, b, owner.token, {
        bytes: new Uint8Array(MAX_UPLOAD_BYTES + 1),
        name: 'big.txt',
        type: 'text/plain',
      }),
      'file',
      TOO_LARGE,
    );
    const huge = await upload(h, b, owner.token, {
      bytes: new Uint8Array(MAX_UPLOAD_BYTES + 2 * 1024 * 1024),
      name: 'huge.pdf',
      type: 'application/pdf',
    });
    expectFailureEnvelope(huge, 413);
    expect(huge.body.errors).toEqual([TOO_LARGE]);
    expectFieldError(
      await upload(h, b, owner.token, { bytes: 'MZ...', name: 'setup.exe', type: 'application/x-msdownload' }),
      'file',
      UNSUPPORTED,
    );
    expectFieldError(
      await upload(h, b, owner.token, { bytes: 'just text', name: 'fake.pdf', type: 'application/pdf' }),
      'file',
      'This file is not a valid PDF.',
    );
    expectFieldError(
      await upload(h, b, owner.token, { bytes: 'hello', name: 'a.txt' }, { type: 'nonsense' }),
      'type',
      'Memory type is required.',
    );
    expectFieldError(
      await upload(h, b, owner.token, { bytes: 'hello', name: 'a.txt' }, { status: 'nonsense' }),
      'status',
      'Memory status must be Active or Inactive.',
    );
    const list = await h.call(`businesses/memories/${b}/list`, {}, owner.token);
    expect(list.body.data.total).toBe(0);
    expect(fs.existsSync(path.join(filesDir, 'memories', b))).toBe(false);
  });
});
