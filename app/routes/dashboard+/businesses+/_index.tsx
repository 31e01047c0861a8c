import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { PageHeader } from '#app/components/ui/page-header';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { RestoreBanner } from '#app/components/delete-restore';
import { RecentlyDeletedLink } from '#app/components/recently-deleted';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { requireDashboard } from '#app/lib/guard.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Businesses · Business Assistant' }];

/**
 * The user's businesses with their role. Switching posts to select-business (docs/product.md#business-selection:
 * the id is stored, a stale one falls back to the first business, the page reloads).
 * After a delete, ?deleted={id} offers the restore.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const deleted = new URL(request.url).searchParams.get('deleted');
  return {
    businesses: state.businesses.map(({ _id, name, role, wizard_finished, country, email }) => ({
      _id,
      name,
      role,
      wizard_finished,
      country,
      email,
    })),
    selectedId: state.business?._id ?? null,
    deleted: deleted && !state.businesses.some((business) => business._id === deleted) ? deleted : null,
  };
}

export default function BusinessesRoute() {
  const { businesses, selectedId, deleted } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Businesses"
        actions={
          <>
            <Link to="/dashboard/business-create" className={buttonClass()}>
              Add a business
            </Link>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          {businesses.length === 1 ? '1 business' : `${businesses.length} businesses`}
        </p>
        <RecentlyDeletedLink kind="businesses" />
      </PageHeader>
      {deleted ? <RestoreBanner action={`/dashboard/businesses/${deleted}`} noun="business" /> : null}
      <ul className="flex flex-col gap-3" data-testid="businesses">
        {businesses.map((business) => {
          const selected = business._id === selectedId;
          return (
            <Card
              key={business._id}
              data-testid="business-row"
              data-selected={selected}
              as="li"
              padding="sm"
              className="flex flex-wrap items-center gap-3"
            >
              <div className="min-w-0 flex-1">
                <Link to={`/dashboard/businesses/${business._id}`} className="font-medium text-brand-700 underline">
                  {business.name}
                </Link>
                <p className="text-sm text-slate-600">
                  <span data-testid="business-role">{business.role === 'admin' ? 'Admin' : 'Member'}</span>
                  {business.wizard_finished ? '' : ' · Setup not finished'}
                </p>
              </div>
              {selected ? (
                <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">Selected</span>
              ) : (
                <Form method="post" action="/dashboard/select-business" reloadDocument>
                  <input type="hidden" name="business_id" value={business._id} />
                  <button
                    type="submit"
                    className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                    aria-label={`Switch to ${business.name}`}
                  >
                    Switch
                  </button>
                </Form>
              )}
            </Card>
          );
        })}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
