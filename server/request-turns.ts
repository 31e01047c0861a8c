import type http from 'node:http';

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * How long one event-loop turn may spend starting requests (at least one is started). Starting a
 * request runs it up to its first wait: on PostgreSQL that is cheap and many start in a turn; on
 * PGlite, whose statements run in this thread, one request usually takes longer than this alone.
 */
export const TURN_START_BUDGET_MS = 5;

/**
 * Starts the requests that arrived, first come first served, spending at most
 * TURN_START_BUDGET_MS of each event-loop turn on it, instead of starting each one as soon as
 * its bytes are read.
 *
 * Node's libuv (1.45 and later) accepts one new connection per event-loop turn, and a turn ran
 * every request read in it. On PGlite a request's statements hold the thread, so with many
 * keep-alive clients busy a turn lasted as long as all their requests (0.3-2 s under
 * bench:load's 200 sessions), and new connections waited in the kernel's accept queue one turn
 * each: most of 200 new sessions had no answer within a minute while the others were served.
 * Short turns let a new connection wait for about the requests ahead of it, as the requests on
 * open connections do. Continuations of started requests (database answers, streamed renders)
 * are not held back.
 */
export function startRequestsInShortTurns(listener: Listener, budgetMs = TURN_START_BUDGET_MS): Listener {
  const waiting: Array<() => void> = [];
  const startWaiting = () => {
    const until = performance.now() + budgetMs;
    try {
      do waiting.shift()!();
      while (waiting.length > 0 && performance.now() < until);
    } finally {
      // Callbacks set now run on the next turn, after its poll has accepted and read.
      if (waiting.length > 0) setImmediate(startWaiting);
    }
  };
  return (req, res) => {
    waiting.push(() => listener(req, res));
    if (waiting.length === 1) setImmediate(startWaiting);
  };
}
