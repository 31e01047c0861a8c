import { SCROLL_WAIT } from '#contract/constants';

export type ScrollWaitTimers = {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: never) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: never) => void;
};

/**
 * docs/product.md#routes: after a navigation, re-check every 500 ms whether data is still loading;
 * once nothing is, let the page settle 200 ms and then act (scroll to the top). If loading
 * starts again while settling, go back to re-checking. Returns a cancel function.
 */
export function waitUntilSettled(
  isBusy: () => boolean,
  onSettled: () => void,
  options: { pollMs?: number; settleMs?: number; timers?: ScrollWaitTimers } = {},
): () => void {
  const { pollMs = SCROLL_WAIT.pollMs, settleMs = SCROLL_WAIT.settleMs } = options;
  const timers = options.timers ?? (globalThis as unknown as ScrollWaitTimers);
  let poll: unknown;
  let settle: unknown;
  let done = false;

  const startPolling = () => {
    poll = timers.setInterval(() => {
      if (isBusy()) return;
      timers.clearInterval(poll as never);
      poll = undefined;
      settle = timers.setTimeout(() => {
        settle = undefined;
        if (isBusy()) return startPolling();
        done = true;
        onSettled();
      }, settleMs);
    }, pollMs);
  };
  startPolling();

  return () => {
    if (done) return;
    done = true;
    if (poll !== undefined) timers.clearInterval(poll as never);
    if (settle !== undefined) timers.clearTimeout(settle as never);
  };
}

/** Whether the matched routes ask to keep the scroll position (handle `{ scroll: false }`). */
export function keepsScrollPosition(handles: unknown[]): boolean {
  return handles.some((handle) => {
    const h = handle as { scroll?: boolean; keepScroll?: boolean } | undefined;
    return h?.scroll === false || h?.keepScroll === true;
  });
}
