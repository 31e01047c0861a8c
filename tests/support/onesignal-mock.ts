import { http, HttpResponse } from 'msw';

/**
 * OneSignal's REST API (v2) for msw: POST https://api.onesignal.com/notifications. Every
 * request is recorded with its JSON body and Authorization header; failures are queued.
 *
 *   const onesignal = createOneSignalMock();
 *   const server = setupServer(onesignal.handler);
 *   onesignal.failNext({ status: 500 }, { status: 500 });   // the next two calls fail
 *   onesignal.requests[0].body.include_aliases
 */
export type OneSignalRequest = {
  url: string;
  authorization: string | null;
  contentType: string | null;
  body: Record<string, any>;
};
export type OneSignalReply = { status: number; body?: unknown } | 'network';

export function createOneSignalMock() {
  const requests: OneSignalRequest[] = [];
  const queued: OneSignalReply[] = [];
  let counter = 0;
  const handler = http.post('https://api.onesignal.com/notifications', async ({ request }) => {
    requests.push({
      url: request.url,
      authorization: request.headers.get('authorization'),
      contentType: request.headers.get('content-type'),
      body: (await request.json()) as Record<string, any>,
    });
    const reply = queued.shift();
    if (reply === 'network') return HttpResponse.error();
    if (reply)
      return HttpResponse.json((reply.body ?? { errors: ['Internal Server Error'] }) as any, { status: reply.status });
    return HttpResponse.json({ id: `os-${String(++counter).padStart(8, '0')}`, external_id: null });
  });
  return {
    handler,
    requests,
    /** Answer the next calls with these replies, in order (then success again). */
    failNext: (...replies: OneSignalReply[]) => queued.push(...replies),
    reset: () => {
      requests.length = 0;
      queued.length = 0;
    },
  };
}
