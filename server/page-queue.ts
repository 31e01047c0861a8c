import type { RequestHandler } from 'express';

/**
 * Pages (Remix GETs: documents and their data requests) rendered at once. Under a burst, say
 * 200 sessions opening pages together, every admitted page shares the CPU and the database
 * (PGlite has one connection), so they all advance together, finish late together, and the
 * first ones pass their render's abort timer while holding their data in memory. Holding the
 * rest in a first-come queue lets each page finish in its share of time: the same throughput,
 * a bounded tail, and memory for sixteen renders instead of all of them (sixteen, not fewer:
 * with eight, bench:load served fewer pages a second; docs/performance.md).
 */
export const PAGES_AT_ONCE = 16;

/**
 * A page holds its place at most this long. A loader that never settles must not take a place
 * for good: after this the page goes on unbounded and the next one starts.
 */
export const PAGE_PLACE_HELD_MS = 10_000;

export function queuePages({
  atOnce = PAGES_AT_ONCE,
  placeHeldMs = PAGE_PLACE_HELD_MS,
}: { atOnce?: number; placeHeldMs?: number } = {}): RequestHandler {
  let running = 0;
  const waiting: Array<{ start: () => void; gone: boolean }> = [];

  const startNext = () => {
    while (running < atOnce && waiting.length > 0) {
      const next = waiting.shift()!;
      if (next.gone) continue;
      running++;
      next.start();
    }
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const start = () => {
      let held = true;
      const leave = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        running--;
        startNext();
      };
      const timer = setTimeout(leave, placeHeldMs);
      timer.unref();
      res.once('finish', leave);
      res.once('close', leave);
      next();
    };
    if (running < atOnce) {
      running++;
      start();
      return;
    }
    const place = { start, gone: false };
    // A client that leaves while waiting gives up its place (its page is never rendered).
    res.once('close', () => {
      place.gone = true;
    });
    waiting.push(place);
  };
}
