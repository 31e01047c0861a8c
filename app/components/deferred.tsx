import { createContext, lazy, Suspense, useContext, type ComponentType } from 'react';

type EagerForms = Readonly<Record<string, ComponentType<never>>>;
const EagerFormsContext = createContext<EagerForms>({});

/**
 * The server's side of `deferred`: entry.server wraps the app in it with the forms of
 * app/components/deferred-forms.server.ts. Only the server build imports those forms statically; a
 * static import in the module that defers them would put their schemas' chunk into that
 * module's chunk group (Rollup assigns chunks before it drops unused imports), which is how
 * zod once came back into every dashboard page through the help drawer.
 */
export const EagerFormsProvider = EagerFormsContext.Provider;

/**
 * A form whose code (conform, zod, the contract's schemas and fields) is not part of the
 * page's first load. The server renders it in place from its static import, so the form is
 * there and posts without JavaScript; in the browser it is a `React.lazy` component: React
 * keeps the server's markup of the suspended boundary (still a working HTML form) and hydrates
 * it when the chunk has arrived, from then on validating as the user types. The server
 * validates every submission with the same schema, so nothing is lost while the chunk loads.
 *
 * `name` is the form's key in app/components/deferred-forms.server.ts.
 */
export function deferred<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = import.meta.env.SSR ? null : lazy(() => load().then((component) => ({ default: component })));
  function Deferred(props: P) {
    const eager = useContext(EagerFormsContext)[name] as ComponentType<object> | undefined;
    const Component = eager ?? (Lazy as ComponentType<object> | null);
    if (!Component) throw new Error(`The deferred form "${name}" is not in app/components/deferred-forms.server.ts`);
    return (
      <Suspense fallback={null}>
        <Component {...(props as object)} />
      </Suspense>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}
