import { Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';

/**
 * A link to a full page (a form, a confirmation) that, with JavaScript, opens the same
 * content in a modal <dialog> over the current page instead. Without JavaScript, or when
 * opened in a new tab, the link simply goes to the page. The dialog's content is mounted
 * only while it is open, so each opening starts fresh, and it closes by itself when the
 * page navigates (e.g. after its form saved and redirected).
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
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const openedAt = useRef(location.key);

  useEffect(() => {
    if (location.key !== openedAt.current) setOpen(false);
  }, [location.key]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    openedAt.current = location.key;
    setOpen(true);
  };

  return (
    <>
      <Link to={to} className={className} onClick={onClick} data-testid={testId}>
        {children}
      </Link>
      {open ? (
        <Modal title={title} onClose={() => setOpen(false)}>
          {content(() => setOpen(false))}
        </Modal>
      ) : null}
    </>
  );
}

function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    // Escape and the close button both end up here, so the parent's state follows.
    const onCloseEvent = () => close.current();
    dialog.addEventListener('close', onCloseEvent);
    return () => {
      dialog.removeEventListener('close', onCloseEvent);
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
          <button type="button" onClick={() => ref.current?.close()} className="rounded-lg px-2 text-xl leading-none text-slate-500 hover:bg-slate-100" aria-label="Close">
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
