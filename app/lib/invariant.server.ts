import { data } from '@remix-run/node';

/*
 * The one way a loader or action stops with an HTTP error: the route's ErrorBoundary shows the
 * message (the shared boundary reads `{ message }`). Lint allows `throw data(` only here and in
 * the guard (eslint.config.js).
 */

/** Stops the request with this status and `{ message }` (no body for `null`). */
export function httpError(status: number, message: string | null): never {
  throw data(message === null ? null : { message }, { status });
}

/** An API refusal on a page load becomes the page's error (404, 403 with its message…); no status means the API was unreachable. */
export function loadFailure(result: { status: number; errors: string[] }): never {
  throw data({ message: result.errors[0] }, { status: result.status || 503 });
}
