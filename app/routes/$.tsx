import { GeneralErrorBoundary, NotFound } from '../components/error-boundary';
import { httpError } from '../lib/invariant.server';

// Any path no route claims: a not-found page with status 404.
export const loader = () => {
  httpError(404, null);
};

export const action = loader;

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
