import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { Link, useLoaderData } from '@remix-run/react';
import { hasPermission } from '#contract/permissions';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { CustomerSelector } from '#app/components/customer-selector.deferred';
import { KindListPage } from '#app/components/timeline-pages';
import { DUE_VIEWS, dueFilters } from '#app/lib/due-dates';
import { requireDashboard, requirePermission, type DashboardState } from '#app/lib/guard.server';
import { PAGE_SIZE } from '#app/lib/timeline';
import { CONTACT_QUERY } from '#app/components/contact-picker';
import { customerOptions } from '#app/lib/orders.server';
import { businessTimeZone, pageParam, type Listed } from '#app/lib/timeline.server';
import { loadFailure } from '#app/lib/invariant.server';
import { v1 } from '#app/lib/v1.server';
import { phoneLabels } from '#app/lib/phone-labels.server';

export const meta: MetaFunction = () => [{ title: 'Notes & tasks · Business Assistant' }];

const VIEWS = [
  { key: '', label: 'All' },
  { key: 'tasks', label: 'Tasks' },
  { key: 'open', label: 'Open tasks' },
] as const;

const ORDERS = [
  { key: '', label: 'Newest first' },
  { key: 'due', label: 'Due date' },
] as const;

type NoteFilters = Parameters<ReturnType<typeof v1>['notes']['list']>[0];

async function listNotes(state: DashboardState, filters: NoteFilters & { page: number }): Promise<Listed> {
  const result = await v1(state.caller).notes.list(filters);
  if (!result.ok) loadFailure(result);
  return { items: result.data.notes, total: result.data.total, page: filters.page };
}

/**
 * Notes and tasks, newest first (sort_at) or by due date (a task's reminder), narrowed by the
 * task filters in docs/product.md#entities and by when tasks are due, on the business's clock.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'notes/view');
  const url = new URL(request.url);
  const show = VIEWS.find((view) => view.key === url.searchParams.get('show'))?.key ?? '';
  const customerId = url.searchParams.get('customer_id') || '';
  const findQuery = url.searchParams.get(CONTACT_QUERY)?.trim().slice(0, 100) ?? '';
  const due = DUE_VIEWS.find((view) => view.key === url.searchParams.get('due'))?.key ?? '';
  const order = ORDERS.find((option) => option.key === url.searchParams.get('sort'))?.key ?? '';
  const timeZone = businessTimeZone(state);
  const now = new Date();
  const [listed, customers] = await Promise.all([
    listNotes(state, {
      limit: PAGE_SIZE,
      page: pageParam(url),
      ...(show ? { tasks_only: true } : {}),
      ...(show === 'open' ? { incomplete_tasks_only: true } : {}),
      ...(customerId ? { customer_id: customerId } : {}),
      ...(order === 'due' ? { sort_by: 'reminder', sort_order: 'asc' } : {}),
      ...dueFilters(due, now, timeZone),
    }),
    customerOptions(state, customerId || null, findQuery),
  ]);
  return {
    ...listed,
    phoneLabels: phoneLabels(listed.items),
    kind: 'notes' as const,
    show,
    due,
    order,
    customerId,
    findQuery,
    customers,
    deleted: url.searchParams.get('deleted'),
    canEdit: hasPermission(state.business?.permissions, 'notes/edit'),
    timeZone,
    now: now.toISOString(),
  };
}

export default function NotesListRoute() {
  const data = useLoaderData<typeof loader>();
  // Each control changes one parameter and keeps the others.
  const current: Record<string, string> = {
    show: data.show,
    due: data.due,
    sort: data.order,
    customer_id: data.customerId,
  };
  const query = (change: Record<string, string>) => {
    const params = new URLSearchParams(
      Object.entries({ ...current, ...change }).filter(([, value]) => value) as [string, string][],
    );
    const text = params.toString();
    return text ? `?${text}` : '/dashboard/notes';
  };
  const kept = Object.fromEntries(
    Object.entries({ show: data.show, due: data.due, sort: data.order }).filter(([, value]) => value),
  );
  const newQuery = data.customerId ? `?customer_id=${encodeURIComponent(data.customerId)}` : '';
  return (
    <KindListPage
      data={data}
      pageSize={PAGE_SIZE}
      actions={
        data.canEdit ? (
          <div className="flex gap-2">
            <Link to={`/dashboard/notes/new${newQuery}`} className={buttonClass()}>
              New note
            </Link>
            <Link
              to={`/dashboard/notes/new?${new URLSearchParams({ task: '1', ...(data.customerId ? { customer_id: data.customerId } : {}) })}`}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 shadow-sm hover:bg-slate-50"
            >
              New task
            </Link>
          </div>
        ) : null
      }
      toolbar={
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap gap-3">
            <Choices label="Show" options={VIEWS} selected={data.show} to={(key) => query({ show: key })} />
            <Choices label="Due" options={DUE_VIEWS} selected={data.due} to={(key) => query({ due: key })} />
            <Choices label="Order" options={ORDERS} selected={data.order} to={(key) => query({ sort: key })} />
          </div>
          <CustomerSelector
            customers={data.customers}
            selected={data.customerId}
            hidden={kept}
            findQuery={data.findQuery}
          />
        </div>
      }
    />
  );
}

/** One row of GET links (they work without JavaScript); the chosen one is marked current. */
function Choices({
  label,
  options,
  selected,
  to,
}: {
  label: string;
  options: readonly { key: string; label: string }[];
  selected: string;
  to: (key: string) => string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 text-sm">
      {options.map((option) => (
        <Link
          key={option.key}
          to={to(option.key)}
          aria-current={selected === option.key ? 'page' : undefined}
          className={`rounded-md px-3 py-1.5 ${selected === option.key ? 'bg-white font-medium shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
