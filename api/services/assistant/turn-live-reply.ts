import type { ApiDeps } from '#api/deps';
import type { ToolDeps } from './tool-scope';

/**
 * A reply being produced on this server, and what every part of a turn shares (turns.ts):
 * the deps, the tunables, the errors, the per-server registry of live replies.
 */

/** The tools' deps (an order the assistant takes notifies the team) and the model. */
export type TurnDeps = ToolDeps & Pick<ApiDeps, 'assistantModel' | 'log'>;

/** Tunables (tests shorten them). */
export const TURN_LIMITS = {
  /** A reply that takes longer fails. */
  replyTimeoutMs: 60_000,
  /** How often the growing reply is written to the database while it streams. */
  flushIntervalMs: 250,
  /** How often a follower on another server reads the row. */
  pollIntervalMs: 250,
  /** A 'streaming' row this old that no server is producing is dead. */
  staleAfterMs: 120_000,
  /** Earlier messages the provider sees. */
  historyMessages: 20,
};

export const REPLY_ERRORS = {
  timeout: 'The assistant took too long to answer.',
  failed: 'The assistant could not answer. Please try again.',
  interrupted: 'The answer was interrupted. Please ask again.',
} as const;

/** The reply failed (while or before it was followed); the message is the member's to read. */
export class ReplyFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplyFailedError';
  }
}

/**
 * A reply being produced on this server: its text so far, and a wake-up for followers. Its
 * text ends (`said`) when the provider has said everything, before the turn's bookkeeping is
 * written: speech cuts a reply's last sentence only at the end of its text.
 */
export class LiveReply {
  text = '';
  said = false;
  done = false;
  error: string | null = null;
  finished: Promise<void> = Promise.resolve();
  private waiters: (() => void)[] = [];

  constructor(readonly id: string) {}

  push(chunk: string) {
    this.text += chunk;
    this.wake();
  }

  /** The text is complete: followers end once they have it all (the reply is stored after). */
  saidAll() {
    this.said = true;
    this.wake();
  }

  end(error: string | null = null) {
    this.done = true;
    this.error = error;
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private changed(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.push(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Everything produced so far, then each new piece as it comes (pieces coalesce when the reader is slower). */
  async *follow(signal?: AbortSignal): AsyncGenerator<string> {
    let sent = 0;
    for (;;) {
      if (signal?.aborted) return;
      if (this.text.length > sent) {
        const chunk = this.text.slice(sent);
        sent = this.text.length;
        yield chunk;
        continue;
      }
      if (this.said) return;
      if (this.done) {
        if (this.error) throw new ReplyFailedError(this.error);
        return;
      }
      await this.changed(signal);
    }
  }
}

/** One registry per server (per ApiDeps): two apps over one database behave as two servers. */
const registries = new WeakMap<object, Map<string, LiveReply>>();
export function registryOf(deps: object): Map<string, LiveReply> {
  let registry = registries.get(deps);
  if (!registry) {
    registry = new Map();
    registries.set(deps, registry);
  }
  return registry;
}

/** Resolves when every reply this server is producing has finished (shutdown, tests). */
export async function waitForReplies(deps: object): Promise<void> {
  for (;;) {
    const running = [...registryOf(deps).values()];
    if (running.length === 0) return;
    await Promise.all(running.map((live) => live.finished));
  }
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Later than now and than `after` (so a reply always sorts after what it answers, even within one millisecond). */
export function timestampAfter(now: Date, after: Date | null | undefined): Date {
  return after && after.getTime() >= now.getTime() ? new Date(after.getTime() + 1) : now;
}
