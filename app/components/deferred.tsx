import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A form whose code (conform, zod, the contract's schemas and fields) is not part of the
 * page's first load. The server renders it in place from `eager`, so the form is there and
 * posts without JavaScript; in the browser it is a `React.lazy` component: React keeps the
 * server's markup of the suspended boundary (still a working HTML form) and hydrates it when
 * the chunk has arrived, from then on validating as the user types. The server validates
 * every submission with the same schema, so nothing is lost while the chunk loads.
 *
 * Call it as `deferred(import.meta.env.SSR ? Form : undefined, () => import('./form').then((m) => m.Form))`:
 * the client build sees `undefined` there and drops the static import.
 */
export function deferred<P extends object>(
  eager: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Component = (eager ??
    lazy(() => load().then((component) => ({ default: component })))) as ComponentType<object>;
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...(props as object)} />
      </Suspense>
    );
  }
  Deferred.displayName = `Deferred(${eager?.displayName ?? eager?.name ?? 'form'})`;
  return Deferred;
}
