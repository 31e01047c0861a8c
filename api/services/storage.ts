import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * Where uploaded files live: a local directory by default (DATA_DIR/files), an
 * S3-compatible bucket when S3_* is configured (so several servers share the files).
 * Keys are ours (`memories/<business>/<id>`, `recordings/<call>.wav`), never a user's file name.
 */
export type StoredFile = { bytes: Uint8Array; mimeType: string };
/** Bytes `start` to `end`, both inclusive, as in an HTTP Range. */
export type ByteRange = { start: number; end: number };

export interface Storage {
  put(key: string, bytes: Uint8Array, mimeType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The file's size without reading it (null when there is no such file). */
  stat(key: string): Promise<{ size: number } | null>;
  /**
   * Part of a file as a stream, so a long recording is never held in memory whole (an audio
   * player asks for many ranges). The range must lie within the size `stat` answered; null
   * when the file is gone.
   */
  read(key: string, range: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
}

/** Keys are slash-separated segments of safe characters, so none can climb out of the root. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (
    segments.length === 0 ||
    key.length > 500 ||
    !segments.every((segment) => /^[A-Za-z0-9_.-]+$/.test(segment) && segment !== '.' && segment !== '..')
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/**
 * Files under `root`; the MIME type sits beside each file in `<file>.type`, because the
 * name carries no extension a browser could trust.
 */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes, mimeType) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, bytes);
      await writeAtomically(`${file}.type`, mimeType);
    },
    async get(key) {
      const file = fileOf(key);
      const bytes = await fs.promises.readFile(file).catch(() => null);
      if (!bytes) return null;
      const mimeType =
        (await fs.promises.readFile(`${file}.type`, 'utf8').catch(() => '')).trim() || 'application/octet-stream';
      return { bytes: new Uint8Array(bytes), mimeType };
    },
    async delete(key) {
      const file = fileOf(key);
      await fs.promises.rm(file, { force: true });
      await fs.promises.rm(`${file}.type`, { force: true });
    },
    async stat(key) {
      const stat = await fs.promises.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size } : null;
    },
    async read(key, { start, end }) {
      // Opened before streaming, so a missing file is null rather than a broken stream.
      const handle = await fs.promises.open(fileOf(key), 'r').catch(() => null);
      if (!handle) return null;
      return Readable.toWeb(handle.createReadStream({ start, end })) as ReadableStream<Uint8Array>;
    },
  };
}

/**
 * Write then rename: a reader (or a backup) never sees half a file. The temporary name is
 * unique, so two writes of one key at once (a voicemail and the whole-call recording of the
 * same call) cannot interleave in one temporary file; the last rename wins whole.
 */
async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.promises.writeFile(temporary, data);
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

/** Files kept in memory (tests and tools that run without a files directory). */
export function createMemoryStorage(): Storage {
  const files = new Map<string, StoredFile>();
  return {
    async put(key, bytes, mimeType) {
      assertSafeKey(key);
      files.set(key, { bytes: new Uint8Array(bytes), mimeType });
    },
    async get(key) {
      assertSafeKey(key);
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
    async stat(key) {
      assertSafeKey(key);
      const file = files.get(key);
      return file ? { size: file.bytes.byteLength } : null;
    },
    async read(key, { start, end }) {
      assertSafeKey(key);
      const file = files.get(key);
      if (!file) return null;
      const part = file.bytes.slice(start, end + 1);
      return new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(part);
          controller.close();
        },
      });
    },
  };
}

export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** MinIO, R2 and most S3-compatible services accept us-east-1 (R2 also 'auto'). */
  region?: string;
  fetch?: typeof fetch;
  now?: () => Date;
};

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 for one S3 request: returns the headers to send (every header
 * given is signed, plus host, x-amz-date and x-amz-content-sha256).
 */
export function signS3Request(input: {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  date: Date;
  service?: string;
}): Record<string, string> {
  const service = input.service ?? 's3';
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const dateStamp = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {}))
    headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  headers.host = input.url.host;
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = input.payloadHash;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  // The path is already encoded segment by segment by the caller (S3 does not double-encode).
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${dateStamp}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, dateStamp), input.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** Path-style requests (https://endpoint/bucket/key): what MinIO and R2 expect. */
export function createS3Storage(config: S3Config): Storage {
  const doFetch = config.fetch ?? fetch;
  const region = config.region ?? 'us-east-1';
  const base = config.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) => {
    assertSafeKey(key);
    return new URL(`${base}/${uriEncode(config.bucket)}/${key.split('/').map(uriEncode).join('/')}`);
  };
  async function send(method: string, key: string, body?: Uint8Array, headers: Record<string, string> = {}) {
    const url = urlOf(key);
    const signed = signS3Request({
      method,
      url,
      headers,
      payloadHash: sha256Hex(body ?? ''),
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region,
      date: (config.now ?? (() => new Date()))(),
    });
    return doFetch(url, { method, headers: signed, body: body as BodyInit | undefined });
  }
  const failure = async (what: string, response: Response) =>
    new Error(`S3 ${what} failed: ${response.status} ${(await response.text().catch(() => '')).slice(0, 300)}`);
  return {
    async put(key, bytes, mimeType) {
      const response = await send('PUT', key, bytes, { 'content-type': mimeType });
      if (!response.ok) throw await failure('put', response);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw await failure('get', response);
      return {
        bytes: new Uint8Array(await response.arrayBuffer()),
        mimeType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure('delete', response);
    },
    async stat(key) {
      const response = await send('HEAD', key);
      if (response.status === 404) return null;
      // A HEAD answer has no body to explain the failure.
      if (!response.ok) throw new Error(`S3 head failed: ${response.status}`);
      const size = Number(response.headers.get('content-length') ?? NaN);
      if (!Number.isSafeInteger(size) || size < 0) throw new Error('S3 head answered no content-length');
      return { size };
    },
    async read(key, { start, end }) {
      const response = await send('GET', key, undefined, { range: `bytes=${start}-${end}` });
      if (response.status === 404) return null;
      // A 200 is the whole object: right only when the whole object was asked for.
      const whole = response.status === 200 && Number(response.headers.get('content-length')) === end - start + 1;
      if (response.status !== 206 && !whole) {
        if (response.ok) await response.body?.cancel();
        throw response.ok
          ? new Error(`S3 read answered ${response.status} to a range request`)
          : await failure('read', response);
      }
      return response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
    },
  };
}

type StorageEnv = {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_REGION?: string;
};

/** Whether files go to S3 (all four S3_* settings given; S3_REGION is optional). */
export function usesS3(env: StorageEnv): env is StorageEnv & Required<Omit<StorageEnv, 'S3_REGION'>> {
  return Boolean(env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY);
}

/** S3 when usesS3, else files under `filesDir`, else in memory. */
export function createStorage(env: StorageEnv, filesDir?: string): Storage {
  if (usesS3(env)) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      region: env.S3_REGION,
    });
  }
  return filesDir ? createLocalStorage(filesDir) : createMemoryStorage();
}

const fallbacks = new WeakMap<object, Storage>();

/**
 * Where every stored file goes (memory uploads, voice turns, call recordings): deps.storage
 * (server.ts: S3, else DATA_DIR/files), else files under deps.filesDir, else memory (one
 * per deps, so tests stay isolated).
 */
export function storageOf(deps: { storage?: Storage; filesDir?: string }): Storage {
  if (deps.storage) return deps.storage;
  let storage = fallbacks.get(deps);
  if (!storage) {
    storage = createStorage({}, deps.filesDir);
    fallbacks.set(deps, storage);
  }
  return storage;
}
