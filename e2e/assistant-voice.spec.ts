import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api } from './support/helpers';
import { assistantOwner, lastMessage, saveSettings } from './support/assistant';

/**
 * A voice turn with a generated recording: Chromium's fake microphone plays a WAV that
 * espeak-ng speaks ("what are your opening hours"), once (%noloop), from the moment the
 * page opens the microphone. Speech recognition is asserted on a keyword, not the exact
 * transcript, and the spoken reply on its first chunk being scheduled for playback.
 */
const phrase = 'what are your opening hours';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-voice-'));
const recording = path.join(dir, 'question.wav');
const seconds = speakWithLeadIn(phrase, recording);

/** espeak-ng's WAV (mono 16-bit PCM) with half a second of quiet before the words, so the first syllable is never cut off; returns its length in seconds. */
function speakWithLeadIn(text: string, file: string): number {
  // The US voice: the recogniser's model is US English.
  const spoken = execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '--stdout', text]);
  const view = new DataView(spoken.buffer, spoken.byteOffset, spoken.byteLength);
  const sampleRate = view.getUint32(24, true);
  let offset = 12;
  while (offset + 8 <= spoken.byteLength && spoken.toString('ascii', offset, offset + 4) !== 'data')
    offset += 8 + view.getUint32(offset + 4, true);
  const pcm = spoken.subarray(offset + 8);
  const quiet = Buffer.alloc(Math.round(sampleRate / 2) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + quiet.length + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(quiet.length + pcm.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, quiet, pcm]));
  return (quiet.length + pcm.length) / 2 / sampleRate;
}

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${recording}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
  permissions: ['microphone'],
});

test('a voice turn: push-to-talk records the question, the transcript is shown and the spoken answer plays', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { account, businessId } = await assistantOwner(page, request);
  await saveSettings(request, account, businessId, {
    opening_hours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
      day,
      open: day !== 'sunday',
      start: '08:00',
      end: '18:00',
    })),
  });
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    { channel: 'voice' },
    account.token,
  );
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);

  const voice = page.getByTestId('voice');
  const talk = page.getByTestId('push-to-talk');
  await expect(talk).toHaveText('Hold to talk');
  // Click to start, click again to send (holding works too; this is the keyboard's way).
  await talk.click();
  await expect(voice).toHaveAttribute('data-state', 'recording');
  // The AudioWorklet module loads under the page's CSP (no fallback, nothing refused).
  await expect(voice).toHaveAttribute('data-capture', 'worklet');
  await page.waitForTimeout(Math.ceil(seconds * 1000) + 800);
  await talk.click();

  await expect(page.getByTestId('voice-transcript')).toContainText(/opening|hours/i, { timeout: 30_000 });
  await expect(voice).toHaveAttribute('data-audio-played', 'true', { timeout: 30_000 });
  await expect(voice).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });

  // The turn is stored: the spoken question (marked as such) and the reply as text.
  const reply = lastMessage(page);
  await expect(reply).toHaveAttribute('data-role', 'assistant');
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply.getByTestId('message-content')).toContainText(/8am|6pm|open/i);
  await expect(page.getByTestId('chat-message').first()).toContainText('Spoken');
  expect(refused).toEqual([]);
});

test('a voice turn the server refuses says why in place, and chat still works', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request);
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  // The answer a server without speech recognition gives.
  await page.route('**/assistant-conversations/*/voice', (route) =>
    route.fulfill({ status: 503, json: { errors: ['Voice is not available on this server.'] } }),
  );
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  const talk = page.getByTestId('push-to-talk');
  await talk.click();
  await page.waitForTimeout(600);
  await talk.click();
  await expect(page.getByTestId('voice-error')).toHaveText('Voice is not available on this server.');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(lastMessage(page)).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
});
