import { spawn } from 'node:child_process';

/**
 * Child processes for the embedded speech engines: killed when the caller aborts or the
 * time runs out, with stderr kept for the error message.
 */
export class SpeechEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpeechEngineError';
  }
}

export type RunOptions = { input?: string | Uint8Array; signal?: AbortSignal; timeoutMs?: number };

/** Runs a program to completion and returns its stdout. */
export async function run(command: string, args: string[], options: RunOptions = {}): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream(command, args, options)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Runs a program and yields its stdout as it is written. */
export async function* stream(command: string, args: string[], options: RunOptions = {}): AsyncIterable<Buffer> {
  options.signal?.throwIfAborted();
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 4000) stderr += text;
  });
  let spawnError: Error | null = null;
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      spawnError = error;
      resolve(null);
    });
    child.once('close', (code) => resolve(code));
  });
  let timedOut = false;
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, options.timeoutMs)
    : undefined;
  const onAbort = () => child.kill('SIGKILL');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  child.stdin.on('error', () => undefined);
  child.stdin.end(options.input ?? '');
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const code = await exited;
    options.signal?.throwIfAborted();
    if (spawnError) throw new SpeechEngineError(`${command} could not start: ${(spawnError as Error).message}`);
    if (timedOut)
      throw new SpeechEngineError(
        `${command} took longer than ${Math.round((options.timeoutMs ?? 0) / 1000)} seconds.`,
      );
    if (code !== 0)
      throw new SpeechEngineError(
        `${command} failed (exit ${code})${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`,
      );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    // A consumer that stops early (client gone) must not leave the process running.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
