import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, signS3Request } from '#api/services/storage';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

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
  const seen: { method: string; path: string; authorization: string | null; sha: string | null }[] = [];
  const server = setupServer(
    http.all('https://s3.test/*', async ({ request }) => {
      const url = new URL(request.url);
      const body = new Uint8Array(await request.arrayBuffer());
      const sha = request.headers.get('x-amz-content-sha256');
      seen.push({ method: request.method, path: url.pathname, authorization: request.headers.get('authorization'), sha });
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
      if (!object) return new HttpResponse('<Error><Code>NoSuchKey</Code></Error>', { status: 404 });
      return new HttpResponse(object.bytes, { headers: { 'content-type': object.type } });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('puts, gets and deletes objects path-style with signed requests', async () => {
    const storage = createS3Storage({ endpoint: 'https://s3.test/', bucket: 'files', accessKeyId: 'AKID', secretAccessKey: SECRET, now: () => new Date('2026-01-02T03:04:05Z') });
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

  it('refuses keys that could climb out of the bucket prefix', async () => {
    const storage = createS3Storage({ endpoint: 'https://s3.test', bucket: 'files', accessKeyId: 'AKID', secretAccessKey: SECRET });
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
});
