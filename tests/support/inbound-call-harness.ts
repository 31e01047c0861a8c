import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHarness, type Harness } from './api-harness';
import { itemsByExternalId } from './inbound-fixtures';

/** What the provider's recording download answers (Twilio: the RecordingUrl's WAV). */
export const WAV = new Uint8Array([82, 73, 70, 70, 36, 0, 0, 0, 87, 65, 86, 69]);

/**
 * The inbound call tests' harness, one per test file (opened before its tests, closed after)
 * with its own files directory and a provider whose recordings download as WAV; handed to
 * `onReady`, with the helpers that read through it.
 */
export function inboundCallHarness(filesPrefix: string, onReady: (harness: Harness, filesDir: string) => void) {
  let h: Harness;
  let filesDir: string;
  beforeAll(async () => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), filesPrefix));
    h = await createHarness({ filesDir });
    h.deps.telephony = {
      ...h.deps.telephony,
      fetchRecording: async (url: string) => (url.includes('RE') ? WAV : null),
    };
    onReady(h, filesDir);
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  /** The signed URL plays the stored WAV whole, and in ranges (what an <audio> element asks for to seek). */
  async function expectPlayable(url: string) {
    const whole = await h.app.fetch(new Request(`http://api.test${url}`));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('cache-control')).toMatch(/^private/);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(WAV);
    const part = await h.app.fetch(new Request(`http://api.test${url}`, { headers: { range: 'bytes=4-7' } }));
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-7/${WAV.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(WAV.subarray(4, 8));
  }

  async function callRow(b: string, callSid: string) {
    const [row] = await itemsByExternalId(h, b, callSid);
    return row;
  }

  return { expectPlayable, callRow };
}
