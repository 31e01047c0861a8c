import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { hasPermission } from '#contract/permissions';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SetupChecklist } from '#app/components/setup-checklist';
import { TimelineList } from '#app/components/timeline';
import { CustomerSelector } from '#app/components/customer-selector.deferred';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { requireDashboard } from '#app/lib/guard.server';
import { PAGE_SIZE } from '#app/lib/timeline';
import { CONTACT_QUERY } from '#app/components/contact-picker';
import { customerOptions } from '#app/lib/orders.server';
import { businessTimeZone, listTimeline, pageParam } from '#app/lib/timeline.server';
import { phoneLabels } from '#app/lib/phone-labels.server';

export const meta: MetaFunction = () => [{ title: 'Recents · Business Assistant' }];

/**
 * Home is "Recents": the merged timeline of the selected business (calls, SMS, forms and
 * notes the member may view), newest first by sort_at, optionally narrowed to one contact.
 * Until the wizard is finished it is the setup checklist instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const { user, business, wizardFinished } = state;
  if (!wizardFinished || !business) return { user, business, wizardFinished, timeline: null };
  const url = new URL(request.url);
  const customerId = url.searchParams.get('customer_id') || '';
  const findQuery = url.searchParams.get(CONTACT_QUERY)?.trim().slice(0, 100) ?? '';
  const [listed, customers] = await Promise.all([
    listTimeline(state, {
      page: pageParam(url),
      ...(customerId ? { customer_id: customerId } : {}),
    }),
    customerOptions(state, customerId || null, findQuery),
  ]);
  return {
    user,
    business,
    wizardFinished,
    phoneLabels: phoneLabels(listed.items),
    timeline: {
      ...listed,
      customerId,
      findQuery,
      customers,
      canAddNote: hasPermission(business.permissions, 'notes/edit'),
      timeZone: businessTimeZone(state),
      now: new Date().toISOString(),
    },
  };
}

export default function HomeRoute() {
  const { user, business, wizardFinished, timeline } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">
            {wizardFinished ? 'Recents' : `Welcome, ${user.name.split(' ')[0]}`}
          </h1>
          {business ? <p className="text-sm text-slate-600">{business.name}</p> : null}
        </div>
        {timeline ? (
          <CustomerSelector
            customers={timeline.customers}
            selected={timeline.customerId}
            findQuery={timeline.findQuery}
          />
        ) : null}
      </div>
      {!timeline ? (
        <SetupChecklist user={user} business={business} />
      ) : timeline.items.length === 0 ? (
        <EmptyState title="Nothing here yet." testId="recents-empty">
          {timeline.customerId
            ? 'Nothing has happened with this contact yet.'
            : 'Calls, SMS and web forms your assistant handles will show up here as they come in.'}
          {timeline.canAddNote ? (
            <p className="mt-3">
              <Link
                to={`/dashboard/notes/new${timeline.customerId ? `?customer_id=${encodeURIComponent(timeline.customerId)}` : ''}`}
                className="font-medium text-brand-600 underline"
              >
                Write a note
              </Link>
            </p>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <TimelineList items={timeline.items} timeZone={timeline.timeZone} now={timeline.now} />
          <Pager page={timeline.page} total={timeline.total} pageSize={PAGE_SIZE} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
