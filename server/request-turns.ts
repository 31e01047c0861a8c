import type http from 'node:http';

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * Starts the requests that arrived one per event-loop turn, first come first served, instead of
 * each one as soon as its bytes are read.
 *
 * Node's libuv (1.45 and later) accepts one new connection per event-loop turn, and a turn runs
 * every request read in it. On PGlite a request's statements run synchronously in this thread,
 * so with many keep-alive clients busy a turn lasted as long as all their requests (0.3-2 s
 * under bench:load's 200 sessions), and new connections waited in the kernel's accept queue
 * one turn each: 50-130 of 200 new sessions had no answer within a minute while the others
 * were served. One start per turn keeps a turn about one request long, so a connection waits
 * for about as many requests as are ahead of it, like the requests on open connections do.
 * Continuations of started requests (database answers, streamed renders) are not held back.
 */
export function oneRequestStartPerTurn(listener: Listener): Listener {
  const waiting: Array<() => void> = [];
  const startNext = () => {
    const next = waiting.shift();
    // Queued before this one runs: setImmediate callbacks added now run on the next turn.
    if (waiting.length > 0) setImmediate(startNext);
    next?.();
  };
  return (req, res) => {
    waiting.push(() => listener(req, res));
    if (waiting.length === 1) setImmediate(startNext);
  };
}
