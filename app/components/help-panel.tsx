import { Link, useLocation } from '@remix-run/react';
import { HELP_ACTION, helpFor } from '../lib/help-topics';
import { deferred } from './deferred';

/**
 * The support form's code (conform, zod and the schema) is not part of the first load of
 * every dashboard page: the server renders the form in place (it is there without
 * JavaScript), the browser hydrates it when its chunk has arrived.
 */
const DrawerSupportForm = deferred('support-form', () => import('./support-form').then((module) => module.SupportForm));

/**
 * The help drawer's panel: short help for the page the user is on, and the support form
 * (helpers/support). With JavaScript the form posts through a fetcher and the drawer stays
 * open; without it, the same form posts to /dashboard/help, which sends the user back with a
 * toast (or shows the form again as a page with its errors).
 */
export function HelpPanel() {
  const location = useLocation();
  const topic = helpFor(location.pathname);
  return (
    <>
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
    </>
  );
}
