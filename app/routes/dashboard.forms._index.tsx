import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { KindListPage } from '../components/timeline-pages';
import { PAGE_SIZE } from '../lib/timeline';
import { kindListLoader } from '../lib/timeline.server';

export const meta: MetaFunction = () => [{ title: 'Forms · Business Assistant' }];

export const loader = (args: LoaderFunctionArgs) => kindListLoader(args, 'forms');

export default function FormsListRoute() {
  return <KindListPage data={useLoaderData<typeof loader>()} pageSize={PAGE_SIZE} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
