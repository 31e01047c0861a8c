import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createMemoryStorage,
  createS3Storage,
  signS3Request,
  type Storage,
} from '#api/services/storage';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/** A stream's bytes, all of them. */
async function bytesOf(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array | null> {
  return stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null;
}

/** stat and ranged reads, the same whichever storage: what the recordings route relies on. */
async function expectStatAndRanges(storage: Storage) {
  const bytes = new Uint8Array([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  await storage.put('recordings/call-1.wav', bytes, 'audio/wav');
  expect(await storage.stat('recordings/call-1.wav')).toEqual({ size: 10 });
  expect(await bytesOf(await storage.read('recordings/call-1.wav', { start: 0, end: 9 }))).toEqual(bytes);
  expect(await bytesOf(await storage.read('recordings/call-1.wav', { start: 2, end: 4 }))).toEqual(
    new Uint8Array([12, 13, 14]),
  );
  expect(await bytesOf(await storage.read('recordings/call-1.wav', { start: 9, end: 9 }))).toEqual(
    new Uint8Array([19]),
  );
  // Replaced whole (a whole-call recording after the voicemail's).
  await storage.put('recordings/call-1.wav', new Uint8Array([1, 2, 3]), 'audio/wav');
  expect(await storage.stat('recordings/call-1.wav')).toEqual({ size: 3 });
  await storage.delete('recordings/call-1.wav');
  expect(await storage.stat('recordings/call-1.wav')).toBeNull();
  expect(await storage.read('recordings/call-1.wav', { start: 0, end: 0 })).toBeNull();
  await expect(storage.stat('recordings/../x')).rejects.toThrow('Unsafe storage key');
}

describe('SigV4 signing', () => {
  it("matches AWS's published example (GET /test.txt with a Range header)", () => {
    const headers = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: SECRET,
      region: 'us-east-1',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });
});

describe('S3 storage', () => {
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  const seen: {
    method: string;
    path: string;
    authorization: string | null;
    sha: string | null;
    range: string | null;
  }[] = [];
  const server = setupServer(
    http.all('https://s3.test/*', async ({ request }) => {
      const url = new URL(request.url);
      const body = new Uint8Array(await request.arrayBuffer());
      const sha = request.headers.get('x-amz-content-sha256');
      const range = request.headers.get('range');
      seen.push({
        method: request.method,
        path: url.pathname,
        authorization: request.headers.get('authorization'),
        sha,
        range,
      });
      // A real S3 recomputes the payload hash: do the same.
      if (sha !== createHash('sha256').update(body).digest('hex')) return new HttpResponse('bad hash', { status: 400 });
      if (request.method === 'PUT') {
        objects.set(url.pathname, { bytes: body, type: request.headers.get('content-type') ?? '' });
        return new HttpResponse(null, { status: 200 });
      }
      const object = objects.get(url.pathname);
      if (request.method === 'DELETE') {
        objects.delete(url.pathname);
        return new HttpResponse(null, { status: 204 });
      }
      if (!object)
        return new HttpResponse(request.method === 'HEAD' ? null : '<Error><Code>NoSuchKey</Code></Error>', {
          status: 404,
        });
      const size = object.bytes.byteLength;
      if (request.method === 'HEAD')
        return new HttpResponse(null, { headers: { 'content-type': object.type, 'content-length': String(size) } });
      const match = range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
      if (match) {
        const [start, end] = [Number(match[1]), Math.min(Number(match[2]), size - 1)];
        return new HttpResponse(object.bytes.slice(start, end + 1), {
          status: 206,
          headers: {
            'content-type': object.type,
            'content-range': `bytes ${start}-${end}/${size}`,
            'content-length': String(end - start + 1),
          },
        });
      }
      return new HttpResponse(object.bytes, { headers: { 'content-type': object.type } });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('puts, gets and deletes objects path-style with signed requests', async () => {
    const storage = createS3Storage({
      endpoint: 'https://s3.test/',
      bucket: 'files',
      accessKeyId: 'AKID',
      secretAccessKey: SECRET,
      now: () => new Date('2026-01-02T03:04:05Z'),
    });
    const bytes = new TextEncoder().encode('hello world');
    await storage.put('memories/b1/f1', bytes, 'text/plain');
    expect(await storage.get('memories/b1/f1')).toEqual({ bytes, mimeType: 'text/plain' });
    await storage.delete('memories/b1/f1');
    expect(await storage.get('memories/b1/f1')).toBeNull();
    await storage.delete('memories/b1/f1');
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'PUT /files/memories/b1/f1',
      'GET /files/memories/b1/f1',
      'DELETE /files/memories/b1/f1',
      'GET /files/memories/b1/f1',
      'DELETE /files/memories/b1/f1',
    ]);
    expect(seen[0].authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/20260102\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('answers the size with a signed HEAD and reads ranges with a signed Range GET', async () => {
    seen.length = 0;
    const storage = createS3Storage({
      endpoint: 'https://s3.test',
      bucket: 'files',
      accessKeyId: 'AKID',
      secretAccessKey: SECRET,
      region: 'eu-west-2',
    });
    await expectStatAndRanges(storage);
    const head = seen.find((request) => request.method === 'HEAD')!;
    expect(head.path).toBe('/files/recordings/call-1.wav');
    expect(head.authorization).toMatch(
      /Credential=AKID\/\d{8}\/eu-west-2\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date,/,
    );
    const ranged = seen.find((request) => request.range === 'bytes=2-4')!;
    expect(ranged.method).toBe('GET');
    // The Range header is signed, as in AWS's own example above.
    expect(ranged.authorization).toMatch(/SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,/);
  });

  it('refuses a 200 to a partial range (a server that ignored the Range would send the wrong bytes)', async () => {
    const fetchWhole: typeof fetch = async () =>
      new Response(new Uint8Array(10), { status: 200, headers: { 'content-length': '10' } });
    const storage = createS3Storage({
      endpoint: 'https://s3.test',
      bucket: 'files',
      accessKeyId: 'AKID',
      secretAccessKey: SECRET,
      fetch: fetchWhole,
    });
    await expect(storage.read('recordings/x.wav', { start: 2, end: 4 })).rejects.toThrow(
      'answered 200 to a range request',
    );
    expect(await bytesOf(await storage.read('recordings/x.wav', { start: 0, end: 9 }))).toEqual(new Uint8Array(10));
  });

  it('refuses keys that could climb out of the bucket prefix', async () => {
    const storage = createS3Storage({
      endpoint: 'https://s3.test',
      bucket: 'files',
      accessKeyId: 'AKID',
      secretAccessKey: SECRET,
    });
    await expect(storage.put('../etc/passwd', new Uint8Array(1), 'text/plain')).rejects.toThrow('Unsafe storage key');
  });
});

describe('local storage', () => {
  it('keeps the bytes and the MIME type under its root, and refuses unsafe keys', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    try {
      const storage = createLocalStorage(root);
      await storage.put('memories/b/x', new Uint8Array([1, 2, 3]), 'image/png');
      expect(await storage.get('memories/b/x')).toEqual({ bytes: new Uint8Array([1, 2, 3]), mimeType: 'image/png' });
      expect(fs.existsSync(path.join(root, 'memories', 'b', 'x'))).toBe(true);
      await storage.delete('memories/b/x');
      expect(await storage.get('memories/b/x')).toBeNull();
      await expect(storage.get('memories/../../x')).rejects.toThrow('Unsafe storage key');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers sizes and ranges from disk, and leaves no temporary file behind', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    try {
      await expectStatAndRanges(createLocalStorage(root));
      expect(fs.readdirSync(path.join(root, 'recordings'))).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('writes one key twice at once without mixing the two (each write has its own temporary file)', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    try {
      const storage = createLocalStorage(root);
      const first = new Uint8Array(1 << 20).fill(1);
      const second = new Uint8Array(1 << 19).fill(2);
      await Promise.all([
        storage.put('recordings/c.wav', first, 'audio/wav'),
        storage.put('recordings/c.wav', second, 'audio/wav'),
      ]);
      const stored = (await storage.get('recordings/c.wav'))!.bytes;
      expect([first, second].some((bytes) => Buffer.from(bytes).equals(Buffer.from(stored)))).toBe(true);
      expect(fs.readdirSync(path.join(root, 'recordings')).sort()).toEqual(['c.wav', 'c.wav.type']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads a file stored without its .type (written before the storage) as application/octet-stream', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    try {
      fs.mkdirSync(path.join(root, 'recordings'));
      fs.writeFileSync(path.join(root, 'recordings', 'old.wav'), Buffer.from([1, 2]));
      const storage = createLocalStorage(root);
      expect(await storage.get('recordings/old.wav')).toEqual({
        bytes: new Uint8Array([1, 2]),
        mimeType: 'application/octet-stream',
      });
      expect(await storage.stat('recordings/old.wav')).toEqual({ size: 2 });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('memory storage', () => {
  it('answers sizes and ranges like the others', async () => {
    await expectStatAndRanges(createMemoryStorage());
  });
});
