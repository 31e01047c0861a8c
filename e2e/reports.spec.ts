import { expect, test } from '@playwright/test';
import { api, createAccount, signIn } from './support/helpers';

test('reports show the period’s figures as tables and SVG charts, and the CSV has the same numbers @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  const make = (body: Record<string, unknown>) =>
    api(request, `dev/system-items/${businesses[0]._id}/create`, body, account.token);
  await make({ type: 'call', status: 'voicemail', from: '+447700900111' });
  await make({ type: 'call', status: 'missed_call', from: '+447700900112' });
  await make({ type: 'sms', from: '+447700900113', body: 'Open on Saturday?' });
  await make({ type: 'form', body: 'Quote request' });
  await signIn(page, account);

  await page.goto('/dashboard/reports?period=30');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const calls = page.getByTestId('report-calls');
  await expect(calls.getByRole('img')).toBeVisible();
  await expect(calls.locator('tr[data-figure="Voicemail"] td').first()).toHaveText('1');
  await expect(calls.locator('tr[data-figure="Missed"] td').first()).toHaveText('1');
  const messages = page.getByTestId('report-messages');
  await expect(messages.locator('tr[data-figure="SMS received"] td').first()).toHaveText('1');
  await expect(messages.locator('tr[data-figure="Forms"] td').first()).toHaveText('1');

  const csv = await page.request.get('/dashboard/reports/csv?table=calls&period=30');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  expect(text).toMatch(/^Voicemail,1,0,/m);
  expect(text).toMatch(/^Missed,1,0,/m);
});
