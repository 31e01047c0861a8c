import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, createAccount, signIn, submitLogin, toast } from './support/helpers';

/** Open the account drawer and follow its "Account settings" link. */
async function openAccountSettings(page: Page) {
  await page.getByLabel('Account').click();
  await page.getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
}

test('a new user with no business reaches account settings, changes the password and deletes the account @nojs', async ({
  page,
  request,
}) => {
  // A whole journey (sign-in, several forms and page loads): more steps than most tests.
  test.slow();
  const account = await createAccount(request, { business: 'none' });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/onboard\/mobile-submit$/);

  await openAccountSettings(page);
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);
  await expect(toast(page, 'Your password has been changed.')).toBeVisible();

  // Help is open before any business too.
  await page.goto('/dashboard/help');
  await expect(page).toHaveURL(/\/dashboard\/help$/);

  // The mistaken account can go.
  await page.goto('/dashboard/account-settings');
  await page.getByLabel('I understand, delete my account.').check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, { email: account.email, password: 'a brand new password' });
  await expect(page).toHaveURL(/\/login/);
});

test('while a business is still being set up, account settings and help stay open and sign-out works @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'unfinished' });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  await openAccountSettings(page);
  await page.goto('/dashboard/help');
  await expect(page).toHaveURL(/\/dashboard\/help$/);

  await page.getByLabel('Account').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
