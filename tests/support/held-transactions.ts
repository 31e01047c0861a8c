import type { TurnDeps } from '#api/services/assistant/turns';

/**
 * The database with every transaction held until `open()`: a test proves that something
 * (a reply's first chunk, its end) came before the writes it must not wait on. The gate
 * opens by itself after `fallbackMs`, for code that writes first: `forcedOpen()` then
 * says so and the test fails instead of hanging.
 */
export function holdTransactions(db: TurnDeps['db'], fallbackMs: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let forcedOpen = false;
  let transactions = 0;
  const fallback = setTimeout(() => {
    forcedOpen = true;
    release();
  }, fallbackMs);
  const held = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'transaction' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        transactions++;
        await gate;
        return value.apply(target, args);
      };
    },
  });
  return {
    db: held,
    open: () => {
      clearTimeout(fallback);
      release();
    },
    forcedOpen: () => forcedOpen,
    transactions: () => transactions,
  };
}
