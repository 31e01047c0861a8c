import { useFetchers, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { businessChannel, userChannel, type RealtimeClientConfig } from '#contract/realtime';
import {
  beginRealtimeRevalidation,
  endRealtimeRevalidation,
  revalidationScopeOf,
  type RevalidationScope,
} from '../lib/realtime-revalidation';

/**
 * An event is shown after this short gather (a burst of events, such as an import or a
 * merge, costs one revalidation), not after a quiet spell: a steady stream of events must
 * not hold the page back. The events of one write leave the server together and arrive
 * within a millisecond or two, so a few milliseconds gather them (20 ms were a tenth of a
 * live update, bench:live). While a navigation, submission or revalidation is in flight the
 * next one waits, checked this often.
 */
const GATHER_MS = 5;
const BUSY_RECHECK_MS = 50;

/**
 * The dashboard's realtime island: pusher-js (loaded on demand, only here) subscribed to
 * the user's channel and the selected business's channel. Any event revalidates the
 * page's loaders, which refetch exactly what the page shows; an event about the user, their
 * businesses, members or notifications also reloads the dashboard layout's loader, and only
 * those (lib/realtime-revalidation.ts), so a contact's change costs only the page's reads.
 * After a reconnect it revalidates once, so nothing missed while offline stays missing.
 * Without JavaScript none of this runs and the pages simply do not update live.
 */
export function RealtimeIsland({
  config,
  userId,
  businessId,
}: {
  config: RealtimeClientConfig;
  userId: string;
  businessId: string | null;
}) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // A navigation or a form submission (dialogs submit through fetchers) in flight loads
  // fresh data anyway; revalidating now would cancel it, or the redirect that follows it
  // (and the toast that redirect carries). Wait until everything has settled.
  const busy = useRef(false);
  busy.current =
    navigation.state !== 'idle' || revalidator.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle');
  // The scope lasts while the revalidation it started runs: the loaders it skips are chosen then.
  useEffect(() => {
    if (revalidator.state === 'idle') endRealtimeRevalidation();
  }, [revalidator.state]);
  // Loader data is a fresh object after every revalidation: connect again only when the
  // settings really change, not on each refresh.
  const settings = JSON.stringify(config);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let scope: RevalidationScope = 'page';
    let disconnect = () => {};
    // One revalidation pending at a time: later events before it runs are covered by it, and
    // widen its scope when they are about what the layout shows.
    const schedule = (eventScope: RevalidationScope) => {
      if (eventScope === 'all') scope = 'all';
      if (timer !== undefined) return;
      timer = setTimeout(function run() {
        if (busy.current) {
          timer = setTimeout(run, BUSY_RECHECK_MS);
          return;
        }
        timer = undefined;
        beginRealtimeRevalidation(scope);
        scope = 'page';
        revalidate.current();
      }, GATHER_MS);
    };
    const mark = (state: string) => document.documentElement.setAttribute('data-realtime', state);

    void import('pusher-js').then(({ default: Pusher }) => {
      if (cancelled) return;
      const config = JSON.parse(settings) as RealtimeClientConfig;
      const secure = window.location.protocol === 'https:';
      const pagePort = Number(window.location.port || (secure ? 443 : 80));
      const pusher = new Pusher(config.key, {
        cluster: config.cluster,
        ...(config.embedded
          ? { wsHost: window.location.hostname, wsPort: pagePort, wssPort: pagePort, forceTLS: secure }
          : {
              ...(config.wsHost ? { wsHost: config.wsHost, wsPort: config.wsPort, wssPort: config.wsPort } : {}),
              forceTLS: config.forceTLS,
            }),
        // Only websockets: with the HTTP fallbacks pusher-js gives up ("failed") after two
        // lost websockets and stops reconnecting (DESIGN.md).
        enabledTransports: ['ws', 'wss'],
        disableStats: true,
        activityTimeout: config.activityTimeout,
        pongTimeout: config.pongTimeout,
        unavailableTimeout: config.unavailableTimeout,
        channelAuthorization: { endpoint: config.authEndpoint, transport: 'ajax' },
        userAuthentication: { endpoint: config.userAuthEndpoint, transport: 'ajax' },
      });
      // Signed in as the user, the connection is ended at once when they sign out or lose
      // access (the server's terminate-user-connections); pusher-js signs in again on each reconnect.
      pusher.signin();
      // The page's <html data-realtime> says "connected" only once every channel is
      // subscribed: before that an event could still be missed.
      const channels = [userChannel(userId), ...(businessId ? [businessChannel(businessId)] : [])];
      const subscribed = new Set<string>();
      const markState = () => {
        const state = pusher.connection.state;
        mark(state !== 'connected' ? state : subscribed.size === channels.length ? 'connected' : 'subscribing');
      };
      let wasConnected = false;
      pusher.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current !== 'connected') subscribed.clear();
        markState();
        if (current === 'connected') {
          // Anything may have been missed while offline.
          if (wasConnected) schedule('all');
          wasConnected = true;
        }
      });
      const onEvent = (event: string) => {
        if (!event.startsWith('pusher:') && !event.startsWith('pusher_internal:')) schedule(revalidationScopeOf(event));
      };
      for (const name of channels) {
        const channel = pusher.subscribe(name);
        channel.bind_global(onEvent);
        channel.bind('pusher:subscription_succeeded', () => {
          subscribed.add(name);
          markState();
        });
      }
      disconnect = () => pusher.disconnect();
    });

    return () => {
      cancelled = true;
      clearTimeout(timer);
      disconnect();
    };
  }, [settings, userId, businessId]);

  return null;
}
