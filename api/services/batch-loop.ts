import type { ApiDeps } from '../deps';

/**
 * A polling loop over claimed batches (reminders, push deliveries): a tick now, then one
 * every `intervalMs`; a full batch is followed at once by another. A failing tick is logged
 * and retried on the next one. Answers stop(), which waits for a tick in progress to finish.
 */
export function startBatchLoop<R extends { claimed: readonly unknown[] }>(options: {
  name: string;
  intervalMs: number;
  batchSize: number;
  run: (batchSize: number) => Promise<R>;
  onTick?: (result: R) => void;
  log?: ApiDeps['log'];
}): () => Promise<void> {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      let result: R;
      do {
        result = await options.run(options.batchSize);
        options.onTick?.(result);
      } while (!stopped && result.claimed.length === options.batchSize);
    } catch (error) {
      options.log?.({
        level: 'error',
        msg: `${options.name} tick failed`,
        error: error instanceof Error ? error.stack : String(error),
      });
    }
    if (!stopped) {
      timer = setTimeout(() => {
        running = tick();
      }, options.intervalMs);
      // The loop alone never keeps the process alive.
      timer.unref?.();
    }
  };
  running = tick();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
