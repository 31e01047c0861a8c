import { useFetcher, useLocation } from '@remix-run/react';

export const VERSION_DISMISS_ACTION = '/dashboard/version-dismiss';

/**
 * The version-check dialog (docs/product.md#routes): the native shell is older than the store's
 * latest version (app/lib/version.server.ts never shows it in a plain browser, which always
 * runs the server's web build). A non-modal <dialog open>, so it shows without JavaScript and
 * never blocks the page; "Later" remembers the dismissal in the session (with JavaScript
 * through a fetcher, hiding at once).
 */
export function VersionDialog({ notice }: { notice: { running: string; latest: string } }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const back = location.pathname + location.search;
  if (fetcher.state !== 'idle' || fetcher.data) return null;
  const FormComponent = fetcher.Form;
  return (
    <dialog
      open
      aria-labelledby="version-dialog-title"
      aria-describedby="version-dialog-text"
      data-testid="version-dialog"
      className="fixed bottom-4 left-auto right-4 z-40 m-0 w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200"
    >
      <h2 id="version-dialog-title" className="text-lg font-semibold">
        A new version is available
      </h2>
      <p id="version-dialog-text" className="mt-1 text-sm text-slate-700">
        You are using version {notice.running}; version {notice.latest} is out. Update the app from the App Store or
        Google Play to get it.
      </p>
      <div className="mt-4 flex items-center justify-end gap-3">
        <FormComponent method="post" action={VERSION_DISMISS_ACTION}>
          <input type="hidden" name="version" value={notice.latest} />
          <input type="hidden" name="redirect_to" value={back} />
          <button type="submit" className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
            Later
          </button>
        </FormComponent>
      </div>
    </dialog>
  );
}
