import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { EagerFormsProvider } from './components/deferred';
import { eagerForms } from './components/deferred-forms.server';
import { NonceProvider } from './lib/nonce';
import { FlushGroupingStream } from './lib/flush-grouping-stream.server';
import { memoizeRemixRouteMatching } from './lib/route-matching.server';

// Remix matches each document's path against the route tree several times: once per tree shape and path is enough.
memoizeRemixRouteMatching();

/**
 * How long a render may wait for data still streaming in before it is cut short. No loader
 * defers data, so the only thing a render ever waits for is its loader data being written
 * into the document (single fetch), which is CPU, not a slow service: under load that queue
 * can pass 5 s, and a document cut short then would break the page for someone who only
 * had to wait. Hence a generous limit, and the timer stops as soon as everything is rendered.
 */
const ABORT_DELAY = 30_000;
export const streamTimeout = ABORT_DELAY;

/** The forms and shell parts that load after hydration, rendered here from their static imports (app/components/deferred.tsx). */
export function ServerForms({ children }: { children: ReactNode }) {
  return <EagerFormsProvider value={eagerForms}>{children}</EagerFormsProvider>;
}

/**
 * Streams the HTML, one write per React flush (FlushGroupingStream). Every inline script Remix
 * writes carries the request's CSP nonce (server.ts generates it and enforces the policy). Bots
 * get the whole document at once.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  const forBot = isbot(request.headers.get('user-agent') ?? '');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const respond = () => {
      shellRendered = true;
      const body = new FlushGroupingStream();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerForms>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </ServerForms>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!forBot) respond();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (forBot) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered)
            console.error(JSON.stringify({ level: 'error', msg: 'render error', error: String(error) }));
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY + 1000);
  });
}
