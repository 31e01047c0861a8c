import { createContext, useContext, type ReactNode } from 'react';

/** The id of the page's one main landmark, which the skip link jumps to. */
export const MAIN_ID = 'main';

/**
 * "Skip to main content": the first thing a keyboard reaches on every page, so the header
 * and its drawers need not be tabbed through on each page (WCAG 2.4.1). Hidden until it
 * has focus, then shown top-left above everything (the sticky header, the progress bar).
 * A plain anchor, so it works without JavaScript too.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-700 focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}

const InsideMain = createContext(false);

/**
 * The page's main landmark, the skip link's target. tabIndex -1 lets the link move focus
 * into it (the next Tab then starts there) without adding a tab stop; it gets no focus ring
 * of its own because it is not a control. An error page shown inside the dashboard's main
 * renders a plain <div> instead: one main per page, and one element with the id.
 */
export function Main({
  className,
  skipLink = false,
  children,
}: {
  className?: string;
  skipLink?: boolean;
  children: ReactNode;
}) {
  const nested = useContext(InsideMain);
  if (nested) return <div className={className}>{children}</div>;
  return (
    <>
      {skipLink ? <SkipLink /> : null}
      <main id={MAIN_ID} tabIndex={-1} className={`${className ?? ''} focus:outline-none`}>
        <InsideMain.Provider value>{children}</InsideMain.Provider>
      </main>
    </>
  );
}
