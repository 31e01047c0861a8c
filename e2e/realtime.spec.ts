import { expect, test } from '@playwright/test';
import { api, createAccount, signIn } from './support/helpers';
import { seedCustomer } from './support/seed';

test('a change made in one browser appears in another of the same user without a reload', async ({
  browser,
  request,
}, testInfo) => {
  const account = await createAccount(request, { business: 'finished' });
  const options = { baseURL: testInfo.project.use.baseURL };
  const first = await (await browser.newContext(options)).newPage();
  const second = await (await browser.newContext(options)).newPage();
  await signIn(first, account);
  await signIn(second, account);

  // The second browser sits on home with its realtime island connected.
  await expect(second.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const reloads: string[] = [];
  second.on('framenavigated', (frame) => {
    if (frame === second.mainFrame()) reloads.push(frame.url());
  });

  await first.goto('/dashboard/account-settings');
  await first.getByLabel('Name', { exact: true }).fill('Live Renamed');
  await first.getByRole('button', { name: 'Save profile' }).click();
  await expect(first.getByRole('status').filter({ hasText: 'Your account has been updated.' })).toBeVisible();

  await expect(second.locator('[data-drawer="account"]')).toContainText('Live Renamed');
  await expect(second.getByLabel('Account')).toHaveText('LR');
  expect(reloads).toEqual([]);
});

test('the contacts list shows a change made elsewhere in place: the changed row, and a row whose duplicates it changed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  const businessId = businesses[0]._id;
  const ada = await seedCustomer(request, account, businessId, { first_name: 'Ada', phones: ['+447700900321'] });
  const grace = await seedCustomer(request, account, businessId, { first_name: 'Grace', phones: ['+447700900654'] });
  const charles = await seedCustomer(request, account, businessId, {
    first_name: 'Charles',
    phones: ['+447700900987'],
  });
  await page.goto('/dashboard/customers');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const row = (id: string) => page.locator(`[data-testid="customer-row"][data-id="${id}"]`);
  await expect(row(ada._id)).toContainText('Ada');
  await expect(row(ada._id).getByTestId('duplicates')).toHaveCount(0);

  const update = (id: string, body: Record<string, unknown>) =>
    api(request, `businesses/customers/${businessId}/update/${id}`, body, account.token);
  await update(ada._id, { first_name: 'Augusta' });
  await expect(row(ada._id)).toContainText('Augusta');
  // Another contact's change puts Ada's row below the first (the list is newest change first), so
  // nothing about her row but her duplicates changes in what follows.
  await update(charles._id, { last_name: 'Babbage' });
  await expect(page.getByTestId('customer-row').first()).toContainText('Charles Babbage');
  // Grace now shares Ada's number: Ada's row changes too, though Ada herself was not edited.
  await update(grace._id, { phones: ['+447700900321'] });
  await expect(row(ada._id).getByTestId('duplicates')).toContainText('Possible duplicate of Grace');
  await expect(row(grace._id).getByTestId('duplicates')).toContainText('Possible duplicate of Augusta');
});
