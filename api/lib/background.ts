import type { ApiDeps } from '../deps';
import { describeError } from './db-errors';

/**
 * Work a request starts but does not wait for: the answer goes out first, so its timing says
 * nothing about what the work found (e.g. forgot-password for a known and an unknown email
 * answer alike, and a slow mail server never holds the answer up). Tasks are tracked per
 * deps object so shutdown and tests can wait until they are done; a failure is logged.
 */
const running = new WeakMap<object, Set<Promise<void>>>();

export function runInBackground(deps: Pick<ApiDeps, 'log'>, name: string, task: () => Promise<void>): void {
  let tasks = running.get(deps);
  if (!tasks) running.set(deps, (tasks = new Set()));
  const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => deps.log?.({ level: 'error', msg: `${name} failed`, error: describeError(error) }))
    .finally(() => tasks.delete(done));
  tasks.add(done);
}

/** Resolves when every background task started with these deps has finished (shutdown, tests). */
export async function waitForBackground(deps: object): Promise<void> {
  for (;;) {
    const tasks = [...(running.get(deps) ?? [])];
    if (tasks.length === 0) return;
    await Promise.all(tasks);
  }
}
