import { parentPort } from 'node:worker_threads';
import { extractInThisThread } from './extractors';
import { ExtractionRefused } from './limits';

/**
 * The extraction worker's loop (started by worker-entry.mjs): one job at a time, each
 * answered with the text, a refusal (the member's message) or a failure (logged, the file
 * kept as 'failed'). pool.ts gives it its memory limit and ends it when it runs too long.
 */
export type ExtractionJob = { id: number; bytes: Uint8Array; mimeType: string; fileName: string; maxChars: number };
export type ExtractionReply =
  | { id: number; ok: true; text: string; pages?: number; truncated?: boolean }
  | { id: number; ok: false; refused: string | null; error: string };

parentPort?.on('message', async (job: ExtractionJob) => {
  let reply: ExtractionReply;
  try {
    reply = {
      id: job.id,
      ok: true,
      ...(await extractInThisThread(job.bytes, job.mimeType, job.fileName, job.maxChars)),
    };
  } catch (error) {
    reply = {
      id: job.id,
      ok: false,
      refused: error instanceof ExtractionRefused ? error.message : null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage('ready');
