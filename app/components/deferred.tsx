import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, type ComponentType } from 'react';

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

/** The control that had focus when its fieldset began to wait: disabling blurs it. */
const focusBeforeWaiting = new WeakMap<HTMLFieldSetElement, HTMLElement>();

function setWaiting(fieldset: HTMLFieldSetElement | null, waiting: boolean) {
  if (!fieldset) return;
  const focused = document.activeElement;
  if (waiting && focused instanceof HTMLElement && fieldset.contains(focused))
    focusBeforeWaiting.set(fieldset, focused);
  fieldset.disabled = waiting;
  fieldset.toggleAttribute('aria-busy', waiting);
  if (waiting) return;
  // Give the focus back (an autofocus field, or one the user had clicked) unless it has moved on since.
  const before = focusBeforeWaiting.get(fieldset);
  focusBeforeWaiting.delete(fieldset);
  const nowhere = !document.activeElement || document.activeElement === document.body;
  if (before?.isConnected && nowhere) before.focus({ preventScroll: true });
}

/** Renders nothing; its effect runs when the Suspense boundary it shares with the form has committed (hydrated). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * A form whose code (conform, zod, the contract's schemas and fields) is not part of the
 * page's first load. The server renders it in place from its static import, so the form is
 * there and posts without JavaScript; in the browser it is a `React.lazy` component: React
 * keeps the server's markup of the suspended boundary and hydrates it when the chunk has
 * arrived, from then on validating as the user types. The server validates every submission
 * with the same schema.
 *
 * Between the page's hydration and the form's, the server's markup has no handlers: a widget
 * that acts only with JavaScript (the address finder, a picker, a dialog's buttons) would do
 * nothing or post the form, and a controlled input would lose what was typed. So the form sits
 * in a `<fieldset disabled>` (`display: contents`, no box of its own) for that window: its
 * controls wait, as they do while a submission is pending. Before the page has hydrated, and
 * without JavaScript, the fieldset is not disabled: the form is a plain HTML form.
 *
 * `name` is the form's key in app/components/deferred-forms.server.ts.
 */
export function deferred<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = import.meta.env.SSR ? null : lazy(() => load().then((component) => ({ default: component })));
  function Deferred(props: P) {
    const eager = useContext(EagerFormsContext)[name] as ComponentType<object> | undefined;
    const Component = eager ?? (Lazy as ComponentType<object> | null);
    if (!Component) throw new Error(`The deferred form "${name}" is not in app/components/deferred-forms.server.ts`);
    // Disabled from the page's hydration (its effects run) to the form's (the boundary's
    // effects run; first, when its chunk was already loaded). Set on the element, not through
    // state: a re-render would pass new props into the still-dehydrated boundary, and React
    // holds such an update back until the boundary has hydrated, so nothing would show.
    const fieldset = useRef<HTMLFieldSetElement>(null);
    const hydrated = useRef(false);
    useEffect(() => {
      if (!hydrated.current) setWaiting(fieldset.current, true);
    }, []);
    const onCommit = useCallback(() => {
      hydrated.current = true;
      setWaiting(fieldset.current, false);
    }, []);
    return (
      <fieldset ref={fieldset} className="contents" data-deferred={name}>
        <Suspense fallback={null}>
          <Component {...(props as object)} />
          <Committed onCommit={onCommit} />
        </Suspense>
      </fieldset>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}
