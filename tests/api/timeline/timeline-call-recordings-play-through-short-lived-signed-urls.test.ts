import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { call } from '#tests/support/timeline-fixtures';

let h: Harness;
let filesDir: string;
beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-files-'));
  h = await createHarness({ filesDir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** A tiny valid WAV: 44-byte header and 100 bytes of 8 kHz, 8-bit mono silence. */
function wav(): Buffer {
  const data = Buffer.alloc(100, 128);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * A call with a recording on disk as recordings were written before they went through the
 * storage: DATA_DIR/files/recordings/<id>.wav with no `.type` beside it. It must still play.
 */
async function recordedCall(businessId: string) {
  const item = await call(h, businessId, { details: { recording: true } });
  fs.mkdirSync(path.join(filesDir, 'recordings'), { recursive: true });
  fs.writeFileSync(path.join(filesDir, 'recordings', `${item._id}.wav`), wav());
  return item;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.fetch(new Request(`http://api.test${url}`, { headers }));

async function failure(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await response.json();
  expectFailureEnvelope({ status, body }, status);
  return body.errors as string[];
}

describe('businesses/calls/{business_id}/recording/{id}', () => {
  it('answers data.url, a signed URL valid for 5 minutes that streams the WAV', async () => {
    const owner = await h.signUpWithBusiness();
    const item = await recordedCall(owner.business._id);
    const result = await h.call(`businesses/calls/${owner.business._id}/recording/${item._id}`, undefined, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const { url, expires_at } = result.body.data;
    expect(url).toMatch(new RegExp(`^/api/v1/files/recordings/${item._id}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`));
    const lifetime = new Date(expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);

    const response = await get(url);
    expect(response.status).toBe(200);
    expect(fs.existsSync(path.join(filesDir, 'recordings', `${item._id}.wav.type`))).toBe(false);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toMatch(/^private/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(wav());
  });

  it('serves byte ranges, so the player can seek', async () => {
    const owner = await h.signUpWithBusiness();
    const item = await recordedCall(owner.business._id);
    const { url } = (
      await h.call(`businesses/calls/${owner.business._id}/recording/${item._id}`, undefined, owner.token)
    ).body.data;
    const part = await get(url, { range: 'bytes=0-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-11/${wav().length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(wav().subarray(0, 12));
    const tail = await get(url, { range: 'bytes=-4' });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(wav().subarray(wav().length - 4));
    expect((await get(url, { range: 'bytes=5000-' })).status).toBe(416);
  });

  it('refuses an expired URL with 403', async () => {
    const owner = await h.signUpWithBusiness();
    const item = await recordedCall(owner.business._id);
    const { url } = (
      await h.call(`businesses/calls/${owner.business._id}/recording/${item._id}`, undefined, owner.token)
    ).body.data;
    h.clock.offsetMs = 5 * 60_000 + 1000;
    try {
      expect(await failure(await get(url), 403)).toEqual([
        'This recording link has expired. Open the call again to get a new one.',
      ]);
    } finally {
      h.clock.offsetMs = 0;
    }
    expect((await get(url)).status).toBe(200);
  });

  it('refuses a bad, missing or borrowed signature, and a changed expiry, with 403', async () => {
    const owner = await h.signUpWithBusiness();
    const item = await recordedCall(owner.business._id);
    const other = await recordedCall(owner.business._id);
    const { url } = (
      await h.call(`businesses/calls/${owner.business._id}/recording/${item._id}`, undefined, owner.token)
    ).body.data;
    const parsed = new URL(url, 'http://x');
    const expires = parsed.searchParams.get('expires')!;
    const signature = parsed.searchParams.get('signature')!;
    // The first character always changes, and carries six whole bits (the last carries
    // padding bits, and overwriting it may write what is already there).
    const tampered = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const bad = [
      `/api/v1/files/recordings/${item._id}?expires=${expires}&signature=${tampered}`,
      `/api/v1/files/recordings/${item._id}?expires=${expires}`,
      `/api/v1/files/recordings/${item._id}`,
      `/api/v1/files/recordings/${other._id}?expires=${expires}&signature=${signature}`,
      `/api/v1/files/recordings/${item._id}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/v1/files/recordings/..%2F..%2Fsecret?expires=${expires}&signature=${signature}`,
    ];
    for (const candidate of bad) {
      const response = await get(candidate);
      expect(response.status, candidate).toBe(403);
      expect(await failure(response, 403)).toEqual(['This recording link is not valid.']);
    }
  });

  it('answers 404 when the call has no recording, or the call is deleted (its URLs stop working too)', async () => {
    const owner = await h.signUpWithBusiness();
    const silent = await call(h, owner.business._id);
    const missing = await h.call(
      `businesses/calls/${owner.business._id}/recording/${silent._id}`,
      undefined,
      owner.token,
    );
    expectFailureEnvelope(missing, 404);
    expect(missing.body.errors).toEqual(["The call's recording was not found."]);

    const item = await recordedCall(owner.business._id);
    const { url } = (
      await h.call(`businesses/calls/${owner.business._id}/recording/${item._id}`, undefined, owner.token)
    ).body.data;
    await h.call(`businesses/calls/${owner.business._id}/delete/${item._id}`, undefined, owner.token);
    expectFailureEnvelope(
      await h.call(`businesses/calls/${owner.business._id}/recording/${item._id}`, undefined, owner.token),
      404,
    );
    await failure(await get(url), 404);
  });

  it('needs calls/view, membership of the business, and a token', async () => {
    const owner = await h.signUpWithBusiness();
    const item = await recordedCall(owner.business._id);
    const path = `businesses/calls/${owner.business._id}/recording/${item._id}`;
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, ['notes/view']);
    const refused = await h.call(path, undefined, member.token);
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual(['You do not have permission to view calls']);
    const outsider = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call(path, undefined, outsider.token), 404);
    expectFailureEnvelope(
      await h.call(`businesses/calls/${outsider.business._id}/recording/${item._id}`, undefined, outsider.token),
      404,
    );
    expectFailureEnvelope(await h.call(path), 401);
    const viewer = await h.signUp();
    await h.addMember(owner.business._id, viewer.user.id, ['calls/view']);
    expect((await h.call(path, undefined, viewer.token)).status).toBe(200);
  });
});
