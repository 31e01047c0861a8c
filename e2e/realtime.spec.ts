import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/helpers';

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
