import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { ENTITY_EVENTS } from '#contract/realtime';

/**
 * What a realtime event makes the browser reload. Most events are about records a page lists
 * (a contact, a note, a call): only the page's own loaders need to run again, not the root's
 * (toasts, the reader's language) nor the dashboard layout's (the user, their businesses, notifications),
 * which would add their reads to every live update. The layout shows the user, the
 * businesses, the members' permissions and the notifications, so their events, and any event
 * this code does not know, reload it too. The data still comes from the loaders, which ask
 * the API as the member: nothing is taken from the event itself.
 */
export type RevalidationScope = 'page' | 'all';

const PAGE_ENTITIES = new Set([
  'Customer',
  'Call',
  'Sms',
  'Form',
  'Note',
  'Service',
  'Memory',
  'System',
  'Action',
  'Order',
  'Appointment',
  'LearningJob',
  'Conversation',
  'InboxThread',
]);

export function revalidationScopeOf(event: string): RevalidationScope {
  const kind = ENTITY_EVENTS.find((suffix) => event.endsWith(suffix));
  const entity = kind ? event.slice(0, -kind.length) : '';
  return PAGE_ENTITIES.has(entity) ? 'page' : 'all';
}

/** The realtime revalidation in flight, if any (the realtime island begins and ends it). */
let inFlight: RevalidationScope | null = null;

export function beginRealtimeRevalidation(scope: RevalidationScope): void {
  inFlight = scope;
}

export function endRealtimeRevalidation(): void {
  inFlight = null;
}

type Args = Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl' | 'defaultShouldRevalidate'> & {
  formMethod?: string;
  actionResult?: unknown;
};

/** Only a plain reload of the page being shown: a submission or a move to another page reloads as usual. */
function isRealtimeReload(args: Args): boolean {
  return (
    inFlight !== null &&
    !args.formMethod &&
    args.actionResult === undefined &&
    args.currentUrl.href === args.nextUrl.href
  );
}

/** The root's loader (toasts, the reader's language) changes with no realtime event. */
export function rootShouldRevalidate(args: Args): boolean {
  return isRealtimeReload(args) ? false : args.defaultShouldRevalidate;
}

/** The dashboard layout's loader runs again only for the events about what it shows. */
export function layoutShouldRevalidate(args: Args): boolean {
  return isRealtimeReload(args) && inFlight === 'page' ? false : args.defaultShouldRevalidate;
}
