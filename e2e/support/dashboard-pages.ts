import type { APIRequestContext } from '@playwright/test';
import { api, createAccount } from './helpers';

/** A finished business with one of everything, and the address of every dashboard page that shows it. */
export async function seedDashboard(request: APIRequestContext) {
  const account = await createAccount(request, { business: 'finished' });
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  const b = businesses[0]._id;
  const call = <T>(path: string, body?: unknown) => api<T>(request, path, body, account.token);
  const { customer } = await call<{ customer: { _id: string } }>(`businesses/customers/${b}/create`, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    status: 'lead',
    phones: ['+442071230001'],
  });
  const note = await call<{ note?: { _id: string }; item?: { _id: string } }>(`businesses/notes/${b}/create`, {
    body: 'Call Ada back',
    customer_id: customer._id,
  });
  const { service } = await call<{ service: { _id: string } }>(`businesses/services/${b}/create`, {
    name: 'Boiler service',
    status: 'active',
    frequency: 365,
  });
  const { memory } = await call<{ memory: { _id: string } }>(`businesses/memories/${b}/create`, {
    type: 'text',
    content: 'We open at nine.',
    status: 'active',
  });
  const items: Record<string, string> = {};
  for (const type of ['call', 'sms', 'form'] as const) {
    items[type] = (
      await call<{ item: { _id: string } }>(`dev/system-items/${b}/create`, {
        type,
        from: '+442071230001',
        body: 'Hello there',
      })
    ).item._id;
  }
  const { system } = await call<{ system: { _id: string } }>(`businesses/systems/${b}/create`, { name: 'leadcatcher' });
  const { conversation } = await call<{ conversation: { id: string } }>(`businesses/conversations/${b}/create`, {
    channel: 'chat',
    title: 'Accessibility check',
  });
  const { business_users: members } = await call<{ business_users: { _id: string }[] }>(`businesses/users/${b}/list`);
  const { action } = await call<{ action: { _id: string } }>(`businesses/actions/${b}/create`, {
    name: 'Check in after a week',
    status: 'paused',
    interval: '1 week',
    trigger: 'new_lead',
    kind: 'send_sms',
    template: 'Hi {first_name}, how did it go?',
  });
  const { order } = await call<{ order: { _id: string } }>(`businesses/orders/${b}/create`, {
    customer_id: customer._id,
    status: 'new',
    lines: [{ name: 'Sourdough loaf', quantity: 2, price: '£4.50' }],
  });
  const pages = [
    '/dashboard/home',
    '/dashboard/reports',
    '/dashboard/customers',
    `/dashboard/customers/${customer._id}`,
    `/dashboard/customers/${customer._id}/edit`,
    '/dashboard/customers/new',
    '/dashboard/notes',
    `/dashboard/notes/${(note.note ?? note.item)!._id}`,
    '/dashboard/notes/new',
    '/dashboard/calls',
    `/dashboard/calls/${items.call}`,
    '/dashboard/sms',
    `/dashboard/sms/${items.sms}`,
    '/dashboard/forms',
    `/dashboard/forms/${items.form}`,
    '/dashboard/services',
    `/dashboard/services/${service._id}`,
    '/dashboard/services/new',
    '/dashboard/memories',
    `/dashboard/memories/${memory._id}`,
    '/dashboard/memories/new',
    '/dashboard/users',
    `/dashboard/users/${members[0]._id}`,
    '/dashboard/actions',
    `/dashboard/actions/${action._id}`,
    '/dashboard/actions/new',
    '/dashboard/orders',
    `/dashboard/orders/${order._id}`,
    `/dashboard/orders/${order._id}/edit`,
    '/dashboard/orders/new',
    '/dashboard/businesses',
    `/dashboard/businesses/${b}`,
    '/dashboard/business-create',
    '/dashboard/settings',
    '/dashboard/settings/business-settings',
    `/dashboard/systems/${system._id}`,
    '/dashboard/assistant-settings',
    '/dashboard/assistant-conversations',
    `/dashboard/assistant-conversations/${conversation.id}`,
    '/dashboard/account-settings',
    '/dashboard/help',
  ];
  return { account, pages };
}
