import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { useEffect } from 'react';
import { OFFLINE_MESSAGE } from '#contract/offline-message';
import { Main } from './skip-link';

/**
 * The one boundary every route uses. Known statuses get a friendly page; anything else
 * is logged (never shown raw to the user). A failed fetch means the network is down.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const offline = error instanceof TypeError && /fetch|network/i.test(error.message);
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    const message =
      (error.data as { message?: string } | undefined)?.message ?? 'You do not have permission to view this page.';
    return (
      <Problem title="Permission needed" status={403}>
        {message}
      </Problem>
    );
  }
  if (offline) return <Problem title="Offline">{OFFLINE_MESSAGE}</Problem>;
  const message = isRouteErrorResponse(error) ? (error.data as { message?: string } | undefined)?.message : undefined;
  return (
    <Problem title="Something went wrong">
      {message ?? 'We could not show this page. Please try again in a moment.'}
    </Problem>
  );
}

export function NotFound() {
  return (
    <Problem title="Page not found" status={404}>
      We could not find the page you were looking for.
    </Problem>
  );
}

/** Shown alone (the root's boundary) it is the page's main; inside the dashboard's main, a part of it. */
function Problem({ title, status, children }: { title: string; status?: number; children: React.ReactNode }) {
  return (
    <Main
      skipLink
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      {status ? <p className="text-5xl font-bold text-slate-500">{status}</p> : null}
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="text-slate-600">{children}</p>
      <Link to="/dashboard/home" className="text-brand-600 underline">
        Go to the dashboard
      </Link>
    </Main>
  );
}
