import { data } from '@remix-run/node';
import { GeneralErrorBoundary, NotFound } from '../components/error-boundary';

// Any path no route claims: a not-found page with status 404.
export const loader = () => {
  throw data(null, { status: 404 });
};

export const action = loader;

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
