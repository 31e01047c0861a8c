import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * While `active`, revalidate the page's loaders every `everyMs` (JavaScript only), for at
 * most `forMs`: waiting for a placed call to show in the recent calls, or for the mobile
 * test call to arrive. Realtime events revalidate too; polling covers a missed event.
 */
export function usePolling(
  active: boolean,
  { everyMs = 2000, forMs = 3 * 60 * 1000 }: { everyMs?: number; forMs?: number } = {},
) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator);
  revalidate.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > forMs) return clearInterval(timer);
      if (revalidate.current.state === 'idle') revalidate.current.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, forMs]);
}
