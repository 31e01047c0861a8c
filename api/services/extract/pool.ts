import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { MAX_MEMORY_CONTENT_CHARS } from '#contract/schemas/memory';
import type { Extracted } from './extractors';
import { EXTRACTION_MESSAGES, ExtractionRefused } from './limits';
import type { ExtractionJob, ExtractionReply } from './worker';

/**
 * Text extraction runs in worker threads, never on the server's own thread: parsing a PDF or
 * a Word document is synchronous work that takes seconds on a hostile file, and the event
 * loop must keep answering everyone else meanwhile. Each worker has a heap limit (a file
 * that needs more ends its worker, not the server) and each job a wall-clock limit (the
 * worker is terminated). Few workers at once (the server's thread keeps a core); more jobs
 * wait in line, and past that line the caller is told to come back.
 */
export type ExtractionPoolOptions = {
  timeoutMs?: number;
  /** V8 old-generation heap of each worker. */
  memoryMb?: number;
  concurrency?: number;
  maxWaiting?: number;
  /** An idle worker is kept this long for the next job (starting one costs ~0.3 s), then ended. */
  idleMs?: number;
};

export type ExtractionPool = {
  extract(bytes: Uint8Array, mimeType: string, fileName: string): Promise<Extracted>;
  /** Ends every worker (the jobs under way fail). */
  close(): Promise<void>;
};

/** Too many files are being read at once: a 503 the caller may retry. */
export class ExtractionBusy extends Error {
  constructor() {
    super('Too many files are being read right now. Please try again in a minute.');
    this.name = 'ExtractionBusy';
  }
}

/** Set by the compiled server's bundle (scripts/build-server.mjs): its worker is compiled beside it. */
declare const __SERVER_BUNDLE_URL__: string | undefined;
// Under tsx or vitest the .mjs entry registers tsx in the thread first; the compiled server
// starts the compiled worker, so production runs no TypeScript transform.
const ENTRY =
  typeof __SERVER_BUNDLE_URL__ === 'string'
    ? new URL('./extract-worker.js', __SERVER_BUNDLE_URL__)
    : new URL('./worker-entry.mjs', import.meta.url);

export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const memoryMb = options.memoryMb ?? 512;
  const concurrency = options.concurrency ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const maxWaiting = options.maxWaiting ?? 32;
  const idleMs = options.idleMs ?? 30_000;

  const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  const all = new Set<Worker>();
  const waiting: (() => void)[] = [];
  let running = 0;
  let nextId = 1;

  function spawn(): Worker {
    // No inherited flags: the entry registers what it needs (see worker-entry.mjs).
    const worker = new Worker(ENTRY, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref();
    all.add(worker);
    worker.once('exit', () => all.delete(worker));
    // A worker that fails between jobs is simply dropped.
    worker.on('error', () => {});
    return worker;
  }

  function release(worker: Worker) {
    const timer = setTimeout(() => {
      const index = idle.findIndex((entry) => entry.worker === worker);
      if (index >= 0) idle.splice(index, 1);
      void worker.terminate();
    }, idleMs);
    timer.unref();
    idle.push({ worker, timer });
  }

  function take(): Worker {
    const entry = idle.pop();
    if (!entry) return spawn();
    clearTimeout(entry.timer);
    return entry.worker;
  }

  function run(job: ExtractionJob): Promise<Extracted> {
    const worker = take();
    return new Promise<Extracted>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const discard = () => {
        cleanup();
        void worker.terminate();
      };
      const timer = setTimeout(() => {
        discard();
        reject(new ExtractionRefused(EXTRACTION_MESSAGES.tooSlow));
      }, timeoutMs);
      const onMessage = (reply: ExtractionReply | 'ready') => {
        if (reply === 'ready' || reply.id !== job.id) return;
        cleanup();
        release(worker);
        if (reply.ok)
          resolve({
            text: reply.text,
            ...(reply.pages === undefined ? {} : { pages: reply.pages }),
            ...(reply.truncated ? { truncated: true } : {}),
          });
        else reject(reply.refused ? new ExtractionRefused(reply.refused) : new Error(reply.error));
      };
      const onError = (error: Error & { code?: string }) => {
        discard();
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ExtractionRefused(EXTRACTION_MESSAGES.tooMuchMemory) : error,
        );
      };
      const onExit = (code: number) => {
        discard();
        reject(new Error(`The extraction worker stopped (exit code ${code}).`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });
  }

  return {
    async extract(bytes, mimeType, fileName) {
      if (running < concurrency) running++;
      else if (waiting.length >= maxWaiting) throw new ExtractionBusy();
      // A finished job hands its place straight to the next in line.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await run({ id: nextId++, bytes, mimeType, fileName, maxChars: MAX_MEMORY_CONTENT_CHARS });
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    async close() {
      for (const entry of idle.splice(0)) clearTimeout(entry.timer);
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}
