import { Link } from '@remix-run/react';
import { callLabel } from '#contract/labels';
import type { ApiTimelineItem } from '#contract/envelope';
import type { ApiSystemEvent } from '#contract/v1/systems';
import { EVENT_OUTCOME_LABELS, eventNameLabel } from '#app/lib/system-labels';
import { Pager } from '#app/components/ui/pager';
import { formatDateTime } from '#app/lib/timezone';
import { usePolling } from '#app/routes/dashboard+/systems+/__use-polling';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { cardClass } from '#app/components/ui/card';

const card = cardClass();

/**
 * The calls of the last 3 minutes (docs/product.md#v1-calls: created_at range, limit 50). After a
 * call is placed the page follows it here: with JavaScript it checks every 2 s until the
 * call shows; without, the redirect after the post lands on this list.
 */
export function RecentCalls({
  calls,
  following,
  timeZone,
}: {
  calls: ApiTimelineItem[];
  following: string | null;
  timeZone: string;
}) {
  const phone = usePhoneFormat();
  const waiting = Boolean(following) && !calls.some((call) => call._id === following);
  usePolling(waiting, { everyMs: 2000, forMs: 3 * 60 * 1000 });
  return (
    <section aria-labelledby="recent-calls-heading" className={card} id="recent-calls">
      <h2 id="recent-calls-heading" className="text-lg font-semibold">
        Recent calls
      </h2>
      <p className="mb-3 text-sm text-slate-600">Calls of the last 3 minutes.</p>
      {waiting ? (
        <p role="status" className="mb-3 text-sm text-slate-700" data-testid="following-call">
          Waiting for your call to start…
        </p>
      ) : null}
      {calls.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="recent-calls-empty">
          No calls in the last 3 minutes.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" data-testid="recent-calls">
          {calls.map((call) => (
            <li
              key={call._id}
              className={`flex flex-wrap items-center gap-3 py-2 ${call._id === following ? 'font-medium' : ''}`}
              data-testid="recent-call"
              data-id={call._id}
            >
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{callLabel(call)}</span>
              <Link to={`/dashboard/calls/${call._id}`} className="text-brand-700 underline">
                {call.customer?.name ?? phone(call.direction === 'outbound' ? call.to : call.from) ?? 'Call'}
              </Link>
              {call.status ? <span className="text-sm text-slate-600">{call.status.replace(/_/g, ' ')}</span> : null}
              <time className="ml-auto text-sm text-slate-500" dateTime={call.created_at}>
                {formatDateTime(call.created_at, timeZone)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** list-events: every webhook and action with its time, outcome and error, newest first. */
/** The system's events log, one page (EVENTS_PAGE_SIZE) at a time, newest first. */
export function SystemEvents({
  events,
  total,
  page,
  pageSize,
  timeZone,
}: {
  events: ApiSystemEvent[];
  total: number;
  page: number;
  pageSize: number;
  timeZone: string;
}) {
  return (
    <section aria-labelledby="events-heading" className={card} id="events">
      <h2 id="events-heading" className="mb-3 text-lg font-semibold">
        Events
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="events-empty">
          Nothing has happened yet. Calls, messages, form posts and your actions are listed here.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="system-events">
            <caption className="sr-only">System events, newest first</caption>
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Time
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Event
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Outcome
                </th>
                <th scope="col" className="py-1 font-medium">
                  Error
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event._id} className="border-t border-slate-100" data-testid="system-event">
                  <td className="whitespace-nowrap py-1.5 pr-3">
                    <time dateTime={event.created_at}>{formatDateTime(event.created_at, timeZone)}</time>
                  </td>
                  <td className="py-1.5 pr-3">{eventNameLabel(event.name)}</td>
                  <td
                    className={`py-1.5 pr-3 ${event.outcome === 'ok' ? 'text-emerald-700' : event.outcome === 'duplicate' ? 'text-slate-600' : 'text-red-700'}`}
                  >
                    {EVENT_OUTCOME_LABELS[event.outcome] ?? event.outcome}
                  </td>
                  <td className="py-1.5 text-red-700">{event.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-3">
        <Pager page={page} total={total} pageSize={pageSize} />
      </div>
    </section>
  );
}
