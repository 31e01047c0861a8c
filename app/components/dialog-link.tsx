import { Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';

/**
 * A link to a full page (a form, a confirmation) that, with JavaScript, opens the same
 * content in a modal <dialog> over the current page instead. Without JavaScript, or when
 * opened in a new tab, the link simply goes to the page. The dialog's content is mounted
 * only while it is open, so each opening starts fresh, and it closes by itself when the
 * page navigates (e.g. after its form saved and redirected). Closed without a navigation
 * (Escape, the close button, Cancel), it gives focus back to the link that opened it.
 */
export function DialogLink({
  to,
  title,
  className,
  children,
  content,
  testId,
}: {
  to: string;
  title: string;
  className?: string;
  children: ReactNode;
  content: (close: () => void) => ReactNode;
  testId?: string;
}) {
  const { open, show, close } = useDialogState<true>();

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    show(true, event.currentTarget);
  };

  return (
    <>
      <Link to={to} className={className} onClick={onClick} data-testid={testId}>
        {children}
      </Link>
      {open ? (
        <Modal title={title} onClose={close}>
          {content(close)}
        </Modal>
      ) : null}
    </>
  );
}

/**
 * What DialogLink opens, as state: `open` is the value `show` was given (null while closed).
 * It closes by itself when the page navigates, and `close` gives focus back to the element
 * that opened it. One list can open the dialog of any of its rows with one of these (and one
 * Modal) instead of a DialogLink per row.
 */
export function useDialogState<T>() {
  const [open, setOpen] = useState<T | null>(null);
  const location = useLocation();
  const openedAt = useRef(location.key);
  const opener = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (location.key !== openedAt.current) setOpen(null);
  }, [location.key]);

  // Once the dialog is gone (the link is inert while it is open), focus goes back to the
  // link, or a keyboard user would start again from the top of the page. The browser does
  // this itself for Escape, but not when the dialog is simply unmounted (Cancel).
  useEffect(() => {
    if (open !== null || !refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  }, [open]);

  const show = (value: T, from: HTMLElement) => {
    openedAt.current = location.key;
    opener.current = from;
    setOpen(() => value);
  };
  const close = () => {
    refocus.current = true;
    setOpen(null);
  };
  return { open, show, close };
}

/** The modal <dialog> itself: shown while mounted, `onClose` on Escape or its close button. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    // Escape and the close button both end up here, so the parent's state follows.
    const onCloseEvent = () => close.current();
    // A modal <dialog> makes the page behind it inert, but Tab past its last control still
    // leaves it (for the browser's own toolbar, or nowhere in a WebView): keep Tab going
    // round the dialog's controls instead, as a dialog should (WAI-ARIA dialog pattern).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const stops = tabStops(dialog);
      if (!stops.length) return;
      const first = stops[0];
      const last = stops[stops.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('close', onCloseEvent);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('close', onCloseEvent);
      dialog.removeEventListener('keydown', onKeyDown);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      className="m-auto w-full max-w-xl rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex max-h-[90vh] flex-col overflow-y-auto p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id="dialog-title" className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="rounded-lg px-2 text-xl leading-none text-slate-500 hover:bg-slate-100"
            aria-label="Close"
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, iframe, [contenteditable], [tabindex]';

/** The controls Tab stops at inside `root`, in order: shown, enabled, not taken out by tabindex. */
function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]')) return false;
    // Not rendered: hidden, display none, or inside a closed <details>.
    if (!element.getClientRects().length) return false;
    // Of a group of radio buttons only the checked one (or the first, when none is) is a stop.
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name && !element.checked) {
      const group = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
        (radio) => radio.name === element.name && radio.form === element.form,
      );
      return !group.some((radio) => radio.checked) && group[0] === element;
    }
    return true;
  });
}
