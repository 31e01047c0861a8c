import { deferred } from './deferred';
import { Drawer } from './drawer';

/**
 * The panel (every page's help text and the support form) is hidden until the drawer opens, so
 * it is not part of every dashboard page's first load: the server renders it in place (it is
 * there without JavaScript), the browser hydrates it when its chunk has arrived.
 */
const Panel = deferred('help-panel', () => import('./help-panel').then((module) => module.HelpPanel));

/** The help drawer: help for the page the user is on, and the support form (help-panel.tsx). */
export function HelpDrawer() {
  return (
    <Drawer
      name="help"
      label="Help"
      summary={
        <svg viewBox="0 0 20 20" className="h-5 w-5 fill-slate-700" aria-hidden>
          <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 13a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm1.2-4.4c-.5.3-.7.5-.7 1V12H9v-.6c0-1 .5-1.6 1.2-2 .6-.4.9-.6.9-1.2a1.1 1.1 0 0 0-2.2 0H7.4a2.6 2.6 0 0 1 5.2 0c0 1.2-.7 1.8-1.4 2.4Z" />
        </svg>
      }
      panelClassName="absolute right-0 top-12 max-h-[80vh] w-80 overflow-y-auto rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:w-96"
    >
      <Panel />
    </Drawer>
  );
}
