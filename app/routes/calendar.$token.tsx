import type { LoaderFunctionArgs } from '@remix-run/node';
import { getEnv } from '../lib/env.server';

/**
 * A member's private calendar feed, /calendar/<token>.ics, for calendar apps to subscribe
 * to (docs/appointments.md). No session: the token is the secret. The v1 API answers it
 * (GET calendar/{token}); this route only gives it the address calendar apps expect.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = (params.token ?? '').replace(/\.ics$/i, '');
  const base = getEnv().API_URL;
  const url = base
    ? `${base.replace(/\/$/, '')}/calendar/${encodeURIComponent(token)}`
    : `http://embedded/api/v1/calendar/${encodeURIComponent(token)}`;
  const request = new Request(url, {
    method: 'GET',
    headers: { accept: 'text/calendar', 'x-forwarded-for': context.clientIp, 'x-request-id': context.requestId },
  });
  let response: Response;
  try {
    response = base ? await fetch(request) : await context.apiFetch(request);
  } catch {
    return new Response('The calendar is not available right now.\n', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' },
    });
  }
  const headers = new Headers();
  for (const name of ['content-type', 'content-disposition', 'cache-control']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(await response.text(), { status: response.status === 200 ? 200 : 404, headers });
}
