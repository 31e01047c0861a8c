import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { GeneralErrorBoundary } from './components/error-boundary';
import { NativeShell } from './components/native-shell';
import { NavigationProgress, useSettledScrollToTop } from './components/navigation-progress';
import { ToastProvider } from './components/toaster';
import { getEnv } from './lib/env.server';
import { isNativeRequest } from './lib/native.server';
import { useNonce } from './lib/nonce';
import { takeToasts } from './lib/toast.server';
import stylesheet from './tailwind.css?url';
import { preferredLocale } from './lib/locale';
import { rootShouldRevalidate } from './lib/realtime-revalidation';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: 'Business Assistant' }];

export const shouldRevalidate: ShouldRevalidateFunction = rootShouldRevalidate;

const noToasts: { type: 'success' | 'error' | 'info'; message: string }[] = [];

export async function loader({ request }: LoaderFunctionArgs) {
  // Reading the toasts consumes them; the cookie is cleared only when there were some.
  const { toasts, setCookie } = await takeToasts(request);
  const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined;
  // Push settings go only to the native shell (its device cookie says so): the browser gets none.
  const appId = getEnv().ONESIGNAL_APP_ID;
  const push = appId && isNativeRequest(request) ? { appId } : null;
  const locale = preferredLocale(request.headers.get('Accept-Language'));
  return data({ toasts, push, locale }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en" className="h-full bg-slate-50">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
      </head>
      <body className="h-full text-slate-900 antialiased">
        <ToastProvider initial={rootData?.toasts ?? noToasts}>{children}</ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useSettledScrollToTop();
  const rootData = useRouteLoaderData<typeof loader>('root');
  return (
    <>
      <NativeShell push={rootData?.push ?? null} />
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
