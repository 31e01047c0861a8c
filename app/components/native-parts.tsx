import { useFetcher, useRevalidator, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { ApiUser } from '#contract/envelope';

/** The parts of the native shell that only run inside it (native-shell.tsx loads this module there). */
export function NativeParts({ appId, onOpen }: { appId: string | null; onOpen: (link: string) => void }) {
  return (
    <>
      <PushRegistration appId={appId} onOpen={onOpen} />
      <PullToRefresh />
    </>
  );
}

/** Registers the signed-in member for push after login, and logs OneSignal out after logout. */
export function PushRegistration({ appId, onOpen }: { appId: string | null; onOpen: (link: string) => void }) {
  // The dashboard layout's loader has the signed-in user; outside the dashboard nobody is signed in.
  const user = useRouteLoaderData<{ user: ApiUser }>('routes/dashboard')?.user ?? null;
  const fetcher = useFetcher();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const open = useRef(onOpen);
  open.current = onOpen;
  const current = useRef(user);
  current.current = user;

  const userKey = user ? `${user.id}|${user.email}|${user.mobile ?? ''}|${user.onesignal_user_id ?? ''}` : null;
  // Runs again only when a field registration uses changes (userKey), not on every page's new user object.
  useEffect(() => {
    const user = current.current;
    if (!appId) return;
    void import('../native/push.client').then(({ registerPush, unregisterPush }) =>
      user
        ? registerPush({
            appId,
            user,
            onOpen: (link) => open.current(link),
            save: async (id) =>
              submit.current({ onesignal_user_id: id }, { method: 'post', action: '/dashboard/push-registration' }),
          })
        : unregisterPush({ appId, onOpen: (link) => open.current(link) }),
    );
  }, [appId, userKey]);
  return null;
}

const PULL_THRESHOLD = 70;
const PULL_MAX = 110;

/** Pulling down at the top of the page reloads its data (the WebView has no browser reload). */
export function PullToRefresh() {
  const { revalidate, state } = useRevalidator();
  const [distance, setDistance] = useState(0);
  const start = useRef<number | null>(null);
  const pulled = useRef(0);
  const reload = useRef(revalidate);
  reload.current = revalidate;

  useEffect(() => {
    const onStart = (event: TouchEvent) => {
      start.current = window.scrollY <= 0 && event.touches.length === 1 ? event.touches[0].clientY : null;
    };
    const onMove = (event: TouchEvent) => {
      if (start.current === null) return;
      pulled.current = Math.max(0, Math.min(PULL_MAX, event.touches[0].clientY - start.current));
      setDistance(pulled.current);
    };
    const onEnd = () => {
      if (start.current !== null && pulled.current >= PULL_THRESHOLD) reload.current();
      start.current = null;
      pulled.current = 0;
      setDistance(0);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const refreshing = state === 'loading';
  const label = refreshing ? 'Refreshing…' : distance >= PULL_THRESHOLD ? 'Release to refresh' : 'Pull to refresh';
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="pull-to-refresh"
      className="pointer-events-none fixed inset-x-0 z-50 flex justify-center transition-transform"
      style={{
        top: 'env(safe-area-inset-top)',
        transform: `translateY(${refreshing ? 12 : distance / 2 - 40}px)`,
        opacity: refreshing || distance > 0 ? 1 : 0,
      }}
    >
      <span className="rounded-full bg-white px-3 py-1 text-sm text-slate-700 shadow ring-1 ring-slate-200">
        {refreshing || distance > 0 ? label : ''}
      </span>
    </div>
  );
}
