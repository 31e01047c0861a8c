import { useFetchers, useLocation, useMatches, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { keepsScrollPosition, waitUntilSettled } from '../lib/scroll-wait';

/** A thin bar at the top while a page loads or a form submits (the spec's isLoadingData). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Loading"
      className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand-500 transition-transform duration-500 ${busy ? 'scale-x-75' : 'scale-x-0'}`}
    />
  );
}

/**
 * docs/product.md#routes: after a navigation, wait until data loading has finished (no navigation
 * and no fetcher busy, re-checked every 500 ms), let it settle 200 ms, then scroll to the
 * top. A route whose handle says `{ scroll: false }` keeps the saved position;
 * back/forward is ScrollRestoration's job. The timing lives in lib/scroll-wait.ts.
 */
export function useSettledScrollToTop() {
  const location = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const matches = useMatches();
  const busy = useRef(false);
  busy.current = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle');
  const keepScroll = keepsScrollPosition(matches.map((match) => match.handle));
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (keepScroll || window.history.state?.idx === undefined) return;
    return waitUntilSettled(
      () => busy.current,
      () => window.scrollTo({ top: 0 }),
    );
    // Only a new location starts the wait; the busy flag is read through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
