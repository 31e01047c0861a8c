import { Link, useLocation } from '@remix-run/react';
import { HELP_ACTION, helpFor } from '../lib/help-topics';
import { deferred } from './deferred';
import { Drawer } from './drawer';

/**
 * The support form's code (conform, zod and the schema) is not part of the first load of
 * every dashboard page: the server renders the form in place (it is there without
 * JavaScript), the browser hydrates it when its chunk has arrived.
 */
const DrawerSupportForm = deferred('support-form', () => import('./support-form').then((module) => module.SupportForm));

/**
 * The help drawer: short help for the page the user is on, and the support form
 * (helpers/support). With JavaScript the form posts through a fetcher and the drawer stays
 * open; without it, the same form posts to /dashboard/help, which sends the user back with a
 * toast (or shows the form again as a page with its errors).
 */
export function HelpDrawer() {
  const location = useLocation();
  const topic = helpFor(location.pathname);
  return (
    <Drawer
      name="help"
      label="Help"
      summary={
        <svg viewBox="0 0 20 20" className="h-5 w-5 fill-slate-700" aria-hidden>
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 13a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm1.2-4.4c-.5.3-.7.5-.7 1V12H9v-.6c0-1 .5-1.6 1.2-2 .6-.4.9-.6.9-1.2a1.1 1.1 0 0 0-2.2 0H7.4a2.6 2.6 0 0 1 5.2 0c0 1.2-.7 1.8-1.4 2.4Z" />
        </svg>
      }
      panelClassName="absolute right-0 top-12 max-h-[80vh] w-80 overflow-y-auto rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:w-96"
    >
      <section aria-labelledby="help-topic-title" data-testid="help-topic">
        <h2 id="help-topic-title" className="font-semibold text-slate-900">
          {topic.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{topic.text}</p>
      </section>
      <hr className="my-4 border-slate-200" />
      <h3 className="mb-2 text-sm font-semibold text-slate-700">Contact support</h3>
      <DrawerSupportForm id="support-drawer" page={location.pathname + location.search} />
      <p className="mt-3 text-xs text-slate-500">
        <Link
          to={`${HELP_ACTION}?page=${encodeURIComponent(location.pathname + location.search)}`}
          className="underline"
        >
          Open help as a page
        </Link>
      </p>
    </Drawer>
  );
}
