import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';
import { TINY_PNG, upload } from '#tests/support/memories';

/**
 * An image is stored and served as the type its name (or MIME type) claims, so its bytes must
 * be that format (magic numbers): an SVG with a script named .png is refused, never kept as
 * image/png. SVG itself is not accepted (it is a document that can run script).
 */
let h: Harness;
let filesDir: string;
beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-sniff-'));
  h = await createHarness({ filesDir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>';
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part)))),
  );
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\0', [0xff, 0xd9]);
const GIF = bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0, 0x3b]);
const WEBP = bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8L', [13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0, 0, 0, 0]);

describe('image uploads', () => {
  it('refuse bytes that are not the format the name or MIME type claims, with a clear message, and store nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expectFieldError(
      await upload(h, b, owner.token, { bytes: SVG, name: 'logo.png', type: 'image/png' }),
      'file',
      'This file is not a valid PNG image.',
    );
    expectFieldError(
      await upload(h, b, owner.token, { bytes: SVG, name: 'logo', type: 'image/png' }),
      'file',
      'This file is not a valid PNG image.',
    );
    expectFieldError(
      await upload(h, b, owner.token, {
        bytes: '<html><script>alert(1)</script></html>',
        name: 'photo.jpg',
        type: 'image/jpeg',
      }),
      'file',
      'This file is not a valid JPEG image.',
    );
    // A real PNG that says it is a JPEG is not what it claims either.
    expectFieldError(
      await upload(h, b, owner.token, { bytes: TINY_PNG, name: 'photo.jpeg', type: 'image/jpeg' }),
      'file',
      'This file is not a valid JPEG image.',
    );
    expectFieldError(
      await upload(h, b, owner.token, { bytes: JPEG, name: 'anim.gif', type: 'image/gif' }),
      'file',
      'This file is not a valid GIF image.',
    );
    expectFieldError(
      await upload(h, b, owner.token, { bytes: GIF, name: 'pic.webp', type: 'image/webp' }),
      'file',
      'This file is not a valid WebP image.',
    );
    // SVG is not an accepted image at all, whatever it is called.
    const unsupported =
      'This file type is not supported: upload a PDF, an image, a Word document, or a text, Markdown or HTML file.';
    expectFieldError(
      await upload(h, b, owner.token, { bytes: SVG, name: 'logo.svg', type: 'image/svg+xml' }),
      'file',
      unsupported,
    );
    expect((await h.call(`businesses/memories/${b}/list`, {}, owner.token)).body.data.total).toBe(0);
    expect(fs.existsSync(path.join(filesDir, 'memories', b))).toBe(false);
  });

  it('keep PNG, JPEG, GIF and WebP that are what they claim, stored and served as that type', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    for (const [data, name, mime] of [
      [TINY_PNG, 'van.png', 'image/png'],
      [JPEG, 'shop.JPG', 'image/jpeg'],
      [GIF, 'sign.gif', 'image/gif'],
      [WEBP, 'team.webp', 'image/webp'],
    ] as const) {
      const result = await upload(h, b, owner.token, { bytes: data, name, type: 'application/octet-stream' });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.body.data.memory.file.mime_type).toBe(mime);
      const served = await h.app.fetch(new Request(`http://api.test${result.body.data.memory.file.url}`));
      expect(served.headers.get('content-type')).toBe(mime);
    }
  });
});
