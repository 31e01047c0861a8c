import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Lookups shared by the v1 calls one web page makes in process. A dashboard page's loaders
 * make five to eight calls with the same bearer token for the same business; without this
 * each call looked the token and the membership up again (half the SQL of a page). The
 * memo lives only as long as that one page request (server.ts opens it for every page request,
 * an action's too), so a revoked token or a removed member is seen by the next page; a call that
 * is not a read runs its handler without it and empties it, so nothing read after a write in
 * the same request is stale. Calls
 * over HTTP (the mobile apps, API_URL set) have no memo: each is its own request.
 */
type Memo = Map<string, Promise<unknown>>;

const store = new AsyncLocalStorage<Memo>();

/** Runs `work` (one page request) with a fresh memo. */
export function withRequestMemo<T>(work: () => T): T {
  return store.run(new Map(), work);
}

/** `load()` once per key within the current page request; a failed load is not kept. */
export function memoized<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = store.getStore();
  if (!memo) return load();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const loading = load();
  memo.set(key, loading);
  loading.catch(() => memo.delete(key));
  return loading;
}

/** Keeps `value` under `key` for the rest of the page request, unless something is already kept or loading there. */
export function remember<T>(key: string, value: T): void {
  const memo = store.getStore();
  if (memo && !memo.has(key)) memo.set(key, Promise.resolve(value));
}

/**
 * Runs one v1 call with a memo of its own when no page opened one and the call only reads:
 * its bearer auth and its permission check then share one membership lookup. A call that
 * may write gets none, so a handler that reads the membership after its write reads it anew.
 */
export function withReadCallMemo<T>(path: string, work: () => Promise<T>): Promise<T> {
  return store.getStore() || !READ_CALL.test(path) ? work() : store.run(new Map(), work);
}

/**
 * Runs a call's handler (after its bearer check, which may take the token and membership
 * from the memo): a call that may write runs without the memo, as when no page opened one,
 * so whatever it reads around its write is read anew.
 */
export function runHandler<T>(path: string, work: () => T): T {
  return READ_CALL.test(path) || !store.getStore() ? work() : store.exit(work);
}

/** v1 calls that only read: `.../get`, `.../list`, `.../list-not-dismissed` and the like. */
const READ_CALL = /\/(get|list[a-z-]*)(\/[^/]*)?$/;

/** After a call that may have written, nothing memoized before it is trusted any more. */
export function forgetAfterWrite(path: string): void {
  const memo = store.getStore();
  if (memo && memo.size > 0 && !READ_CALL.test(path)) memo.clear();
}
