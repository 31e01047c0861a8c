import { GeneralErrorBoundary } from '#app/components/error-boundary';

/** Beside the list until a conversation is opened (the list alone on small screens). */
export default function InboxIndexRoute() {
  return (
    <p
      className="hidden rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 lg:block"
      data-testid="inbox-choose"
    >
      Choose a conversation to read it and reply.
    </p>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
