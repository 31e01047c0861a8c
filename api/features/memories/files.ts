import { createHmac, randomBytes } from 'node:crypto';
import type { ApiMemory } from '#contract/envelope';
import type { ApiDeps } from '#api/deps';
import { safeEqual } from '#api/lib/crypto';
import { serializeMemory, type MemoryRow } from './service';

/**
 * A memory's file is opened by a plain link (<a>, <img>), which carries no bearer token:
 * like call recordings, the API answers a short-lived signed URL instead. HMAC-SHA256
 * over the memory id and the expiry, under a key derived from the server secret.
 */
export const MEMORY_FILE_URL_TTL_MS = 15 * 60 * 1000;
export const MEMORY_FILES_PATH = '/api/v1/files/memories';

type SigningDeps = Pick<ApiDeps, 'signingSecret' | 'clock'>;

// Without a configured secret (tests, tools) URLs are valid only in this process.
const processKey = randomBytes(32);

function key(deps: SigningDeps): Buffer {
  const secret = deps.signingSecret?.split(',')[0]?.trim();
  return secret ? createHmac('sha256', secret).update('signed-memory-file-urls').digest() : processKey;
}

const signature = (deps: SigningDeps, memoryId: string, expires: number) =>
  createHmac('sha256', key(deps)).update(`memories/${memoryId}:${expires}`).digest('base64url');

/** A root-relative URL (the web app and the native WebView share the server's origin). */
export function signMemoryFileUrl(deps: SigningDeps, memoryId: string): string {
  const expires = Math.floor((deps.clock.now().getTime() + MEMORY_FILE_URL_TTL_MS) / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: signature(deps, memoryId, expires) });
  return `${MEMORY_FILES_PATH}/${encodeURIComponent(memoryId)}?${query}`;
}

export function checkMemoryFileSignature(
  deps: SigningDeps,
  memoryId: string,
  expires: string | undefined,
  given: string | undefined,
): 'ok' | 'expired' | 'invalid' {
  if (!expires || !given || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (!safeEqual(signature(deps, memoryId, Number(expires)), given)) return 'invalid';
  return Number(expires) * 1000 < deps.clock.now().getTime() ? 'expired' : 'ok';
}

/** The memory as the API answers it to a member: with a fresh signed URL when it has a file. */
export function memoryForCaller(deps: SigningDeps, row: MemoryRow): ApiMemory {
  return serializeMemory(row, { fileUrl: row.fileKey ? signMemoryFileUrl(deps, row.id) : null });
}

/** Add the signed URL to an already serialised memory (what the write services answer). */
export function withFileUrl(deps: SigningDeps, memory: ApiMemory): ApiMemory {
  return memory.file ? { ...memory, file: { ...memory.file, url: signMemoryFileUrl(deps, memory._id) } } : memory;
}
