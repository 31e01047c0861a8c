import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { OFFLINE_MESSAGE } from '#contract/offline-message';
import { createToast, TOAST_POSITIONS, type Toast, type ToastInput, type ToastPosition } from '#contract/toast';

type ToastApi = { show(input: ToastInput): void; dismiss(id: string): void };
const ToastContext = createContext<ToastApi>({ show: () => {}, dismiss: () => {} });
export const useToast = () => useContext(ToastContext);

const positionClass: Record<ToastPosition, string> = {
  'top-left': 'top-4 left-4 items-start',
  top: 'top-4 left-1/2 -translate-x-1/2 items-center',
  'top-right': 'top-4 right-4 items-end',
  'center-left': 'top-1/2 left-4 -translate-y-1/2 items-start',
  center: 'top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 items-center',
  'center-right': 'top-1/2 right-4 -translate-y-1/2 items-end',
  'bottom-left': 'bottom-4 left-4 items-start',
  bottom: 'bottom-4 left-1/2 -translate-x-1/2 items-center',
  'bottom-right': 'bottom-4 right-4 items-end',
};

/**
 * Shows the toasts the server flashed (API messages and errors, docs/product.md#toasts) and any
 * the page adds. Without JavaScript they still leave after their timeout (a CSS animation)
 * and their × still closes them (a checkbox the × labels), see ToastItem.
 */
export function ToastProvider({
  initial,
  children,
}: {
  initial: { type: Toast['type']; message: string }[];
  children: ReactNode;
}) {
  // The server-rendered page already shows the first batch (that is all a page without
  // JavaScript gets); later batches arrive with each navigation's root loader data.
  const [toasts, setToasts] = useState<Toast[]>(() => initial.map((t) => createToast(t)));
  const shown = useRef(initial);
  useEffect(() => {
    if (initial === shown.current) return;
    shown.current = initial;
    if (initial.length) setToasts((current) => [...current, ...initial.map((t) => createToast(t))]);
  }, [initial]);

  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const show = useCallback((input: ToastInput) => setToasts((current) => [...current, createToast(input)]), []);

  useEffect(() => {
    const offline = () => show({ message: OFFLINE_MESSAGE, type: 'error', position: 'bottom' });
    // Offline, a submission or a link would fail half-way: the form would be replaced by an
    // error page (its typed text lost) or the browser's own error page shown. Stop it before
    // it starts and say why; the page stays exactly as it was.
    const holdWhileOffline = (event: Event) => {
      if (navigator.onLine || event.defaultPrevented) return;
      if (event.type === 'click' && !isInAppNavigation(event as MouseEvent)) return;
      event.preventDefault();
      offline();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('submit', holdWhileOffline, true);
    window.addEventListener('click', holdWhileOffline, true);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('submit', holdWhileOffline, true);
      window.removeEventListener('click', holdWhileOffline, true);
    };
  }, [show]);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {TOAST_POSITIONS.map((position) => {
        const here = toasts.filter((t) => t.position === position);
        if (!here.length) return null;
        return (
          <div
            key={position}
            className={`pointer-events-none fixed z-50 flex flex-col gap-2 ${positionClass[position]}`}
          >
            {here.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
          </div>
        );
      })}
    </ToastContext.Provider>
  );
}

/** A plain click on a link to another page of this site (not a new tab, download or in-page anchor). */
function isInAppNavigation(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return !(url.pathname === window.location.pathname && url.search === window.location.search && url.hash);
}

/** The leave animation ends exactly at the timeout; it is what hides a toast without JavaScript. */
const LEAVE_MS = 300;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const closeId = useId();
  useEffect(() => {
    if (toast.timeout === 0) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.timeout);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  const success = toast.type === 'success';
  const error = toast.type === 'error';
  const leave =
    toast.timeout > 0
      ? { animation: `toast-leave ${LEAVE_MS}ms ease-in ${Math.max(0, toast.timeout - LEAVE_MS)}ms forwards` }
      : undefined;
  return (
    <div
      role={error ? 'alert' : 'status'}
      data-toast={toast.type}
      style={leave}
      className={`toast pointer-events-auto flex max-w-sm items-start gap-2 rounded-lg px-4 py-3 text-sm shadow-lg ${
        error ? 'bg-red-700 text-white' : 'bg-slate-900 text-white'
      }`}
    >
      {/* Checked (by the × label, or the keyboard) it hides the toast with CSS: closing needs no script. */}
      <input
        type="checkbox"
        role="button"
        id={closeId}
        className="toast-close sr-only"
        aria-label="Dismiss"
        onChange={() => onDismiss(toast.id)}
      />
      {success ? (
        <svg aria-label="Success" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 flex-none fill-emerald-400">
          <path d="M7.6 13.2 4.4 10l-1.2 1.2 4.4 4.4 9.2-9.2-1.2-1.2z" />
        </svg>
      ) : null}
      <span>{toast.message}</span>
      <label htmlFor={closeId} aria-hidden="true" className="ml-2 cursor-pointer text-white/70 hover:text-white">
        ×
      </label>
    </div>
  );
}
