import { createHmac, randomBytes } from 'node:crypto';
import type { ApiDeps } from '#api/deps';
import { safeEqual } from '#api/lib/crypto';

/**
 * Call recordings are WAV files in the storage under recordings/{call_id}.wav (locally
 * DATA_DIR/files/recordings/{call_id}.wav, as before the storage held them). An <audio>
 * element cannot send a bearer token, so the player gets a short-lived signed URL instead:
 * HMAC-SHA256 over the call id and the expiry, under a key derived from the server secret
 * (never the secret itself). Anyone holding the URL may play it until it expires.
 */
export const RECORDING_URL_TTL_MS = 5 * 60 * 1000;
export const RECORDINGS_PATH = '/api/v1/files/recordings';

type FilesDeps = Pick<ApiDeps, 'signingSecret' | 'clock'>;

// Without a configured secret (tests, tools) URLs are valid only in this process.
const processKey = randomBytes(32);

function key(deps: FilesDeps): Buffer {
  const secret = deps.signingSecret?.split(',')[0]?.trim();
  return secret ? createHmac('sha256', secret).update('signed-file-urls').digest() : processKey;
}

const signature = (deps: FilesDeps, callId: string, expires: number) =>
  createHmac('sha256', key(deps)).update(`recordings/${callId}:${expires}`).digest('base64url');

/** Ids are ours (UUIDs); anything else never reaches the storage. */
export const isSafeId = (id: string) => /^[A-Za-z0-9_-]{1,100}$/.test(id);

/** Recordings are always WAV; the type is ours, not the stored one (older files have no `.type` beside them). */
export const RECORDING_MIME_TYPE = 'audio/wav';

/** The call's recording in the storage (one per call). */
export function recordingKey(callId: string): string {
  if (!isSafeId(callId)) throw new Error('Unsafe file id');
  return `recordings/${callId}.wav`;
}

/** A root-relative URL (the web app and the native WebView share the server's origin). */
export function signRecordingUrl(deps: FilesDeps, callId: string): { url: string; expiresAt: Date } {
  const expiresAt = new Date(deps.clock.now().getTime() + RECORDING_URL_TTL_MS);
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: signature(deps, callId, expires) });
  return { url: `${RECORDINGS_PATH}/${encodeURIComponent(callId)}?${query}`, expiresAt: new Date(expires * 1000) };
}

export function checkRecordingSignature(
  deps: FilesDeps,
  callId: string,
  expires: string | undefined,
  given: string | undefined,
): 'ok' | 'expired' | 'invalid' {
  if (!expires || !given || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (!safeEqual(signature(deps, callId, Number(expires)), given)) return 'invalid';
  return Number(expires) * 1000 < deps.clock.now().getTime() ? 'expired' : 'ok';
}
