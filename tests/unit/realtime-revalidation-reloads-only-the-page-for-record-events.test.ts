import { afterEach, describe, expect, it } from 'vitest';
import {
  beginRealtimeRevalidation,
  endRealtimeRevalidation,
  layoutShouldRevalidate,
  revalidationScopeOf,
  rootShouldRevalidate,
} from '#app/lib/realtime-revalidation';

const url = new URL('http://localhost/dashboard/customers');
const revalidation = {
  currentUrl: url,
  nextUrl: url,
  currentParams: {},
  nextParams: {},
  defaultShouldRevalidate: true,
} as const;

afterEach(() => endRealtimeRevalidation());

describe('realtime revalidation scope', () => {
  it('reloads only the page for events about records the page lists', () => {
    for (const event of [
      'CustomerUpdated',
      'CustomerCreated',
      'NoteDeleted',
      'CallUpdated',
      'ServiceCreated',
      'InboxThreadUpdated',
    ]) {
      expect(revalidationScopeOf(event)).toBe('page');
    }
  });

  it('reloads the dashboard layout too for the user, businesses, members and notifications, and for anything unknown', () => {
    for (const event of [
      'UserUpdated',
      'BusinessUpdated',
      'BusinessUserDeleted',
      'BusinessUserCreated',
      'NotificationCreated',
      'SomethingNew',
    ]) {
      expect(revalidationScopeOf(event)).toBe('all');
    }
  });

  it('skips the root and layout loaders only while a page-scoped realtime revalidation runs', () => {
    expect(layoutShouldRevalidate(revalidation)).toBe(true);
    expect(rootShouldRevalidate(revalidation)).toBe(true);
    beginRealtimeRevalidation('page');
    expect(layoutShouldRevalidate(revalidation)).toBe(false);
    expect(rootShouldRevalidate(revalidation)).toBe(false);
    endRealtimeRevalidation();
    expect(layoutShouldRevalidate(revalidation)).toBe(true);
    expect(rootShouldRevalidate(revalidation)).toBe(true);
  });

  it('reloads the layout (not the root) for a layout-scoped realtime revalidation', () => {
    beginRealtimeRevalidation('all');
    expect(layoutShouldRevalidate(revalidation)).toBe(true);
    expect(rootShouldRevalidate(revalidation)).toBe(false);
  });

  it('never skips a loader for a submission or a navigation to another page, even during a realtime revalidation', () => {
    beginRealtimeRevalidation('page');
    const submission = { ...revalidation, formMethod: 'POST', actionResult: { ok: true } };
    expect(layoutShouldRevalidate(submission)).toBe(true);
    expect(rootShouldRevalidate(submission)).toBe(true);
    const navigation = { ...revalidation, nextUrl: new URL('http://localhost/dashboard/home') };
    expect(layoutShouldRevalidate(navigation)).toBe(true);
    expect(rootShouldRevalidate(navigation)).toBe(true);
  });

  it('keeps the default answer when the router would not reload anyway', () => {
    expect(layoutShouldRevalidate({ ...revalidation, defaultShouldRevalidate: false })).toBe(false);
  });
});
