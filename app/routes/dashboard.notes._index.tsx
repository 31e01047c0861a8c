import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { hasPermission } from '#contract/permissions';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { CustomerSelector } from '../components/timeline';
import { KindListPage } from '../components/timeline-pages';
import { requireDashboard, requirePermission } from '../lib/guard.server';
import { PAGE_SIZE } from '../lib/timeline';
import { businessId, businessTimeZone, listItems, loadCustomerOptions, pageParam } from '../lib/timeline.server';

export const meta: MetaFunction = () => [{ title: 'Notes & tasks · Business Assistant' }];

const VIEWS = [
  { key: '', label: 'All' },
  { key: 'tasks', label: 'Tasks' },
  { key: 'open', label: 'Open tasks' },
] as const;

/** Notes and tasks, newest first (sort_at), narrowed by the task filters of spec section 3. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'notes/view');
  const url = new URL(request.url);
  const show = VIEWS.find((view) => view.key === url.searchParams.get('show'))?.key ?? '';
  const customerId = url.searchParams.get('customer_id') || '';
  const [listed, customers] = await Promise.all([
    listItems(state.caller, `businesses/notes/${businessId(state)}/list`, 'notes', {
      page: pageParam(url),
      ...(show ? { tasks_only: true } : {}),
      ...(show === 'open' ? { incomplete_tasks_only: true } : {}),
      ...(customerId ? { customer_id: customerId } : {}),
    }),
    loadCustomerOptions(state),
  ]);
  return {
    ...listed,
    kind: 'notes' as const,
    show,
    customerId,
    customers,
    deleted: url.searchParams.get('deleted'),
    canEdit: hasPermission(state.business?.permissions, 'notes/edit'),
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  };
}

export default function NotesListRoute() {
  const data = useLoaderData<typeof loader>();
  const query = (show: string) => {
    const params = new URLSearchParams();
    if (show) params.set('show', show);
    if (data.customerId) params.set('customer_id', data.customerId);
    const text = params.toString();
    return text ? `?${text}` : '/dashboard/notes';
  };
  const newQuery = data.customerId ? `?customer_id=${encodeURIComponent(data.customerId)}` : '';
  return (
    <KindListPage
      data={data}
      pageSize={PAGE_SIZE}
      actions={
        data.canEdit ? (
          <div className="flex gap-2">
            <Link to={`/dashboard/notes/new${newQuery}`} className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700">
              New note
            </Link>
            <Link to={`/dashboard/notes/new?${new URLSearchParams({ task: '1', ...(data.customerId ? { customer_id: data.customerId } : {}) })}`} className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 shadow-sm hover:bg-slate-50">
              New task
            </Link>
          </div>
        ) : null
      }
      toolbar={
        <div className="flex flex-wrap items-end justify-between gap-3">
          <nav aria-label="Show" className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
            {VIEWS.map((view) => (
              <Link
                key={view.key}
                to={query(view.key)}
                aria-current={data.show === view.key ? 'page' : undefined}
                className={`rounded-md px-3 py-1.5 ${data.show === view.key ? 'bg-white font-medium shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
              >
                {view.label}
              </Link>
            ))}
          </nav>
          <CustomerSelector customers={data.customers} selected={data.customerId} hidden={data.show ? { show: data.show } : {}} />
        </div>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
