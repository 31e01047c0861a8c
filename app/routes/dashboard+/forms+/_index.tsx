import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { KindListPage } from '#app/components/timeline-pages';
import { PAGE_SIZE } from '#app/lib/timeline';
import { kindListLoader } from '#app/lib/timeline.server';

export const meta: MetaFunction = () => [{ title: 'Forms · Business Assistant' }];

export const loader = (args: LoaderFunctionArgs) => kindListLoader(args, 'forms');

export default function FormsListRoute() {
  return <KindListPage data={useLoaderData<typeof loader>()} pageSize={PAGE_SIZE} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
