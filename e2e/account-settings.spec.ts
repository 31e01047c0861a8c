import { expect, test } from '@playwright/test';
import { createAccount, signIn, submitLogin } from './support/helpers';

test('a user edits their name and sees a success toast @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  await page.getByLabel('Name', { exact: true }).fill('Grace Renamed');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been updated.' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Renamed');
  await page.getByLabel('Email').fill('not-valid@');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('User e-mail is not valid.')).toBeVisible();
});

test('a user changes their password with the current one', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('another good password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password').fill('another good password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
});

test('deleting the account asks for confirmation, then signs out for good @nojs', async ({ page, request }, testInfo) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  // Without the confirmation box ticked nothing is deleted (the browser's own check stops
  // the form when JavaScript is off; with it on the message says what to do).
  await page.getByRole('button', { name: 'Delete my account' }).click();
  if (testInfo.project.name === 'js') await expect(page.getByText('Tick the box to confirm you want to delete your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);
  await page.getByLabel('I understand, delete my account.').check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  await submitLogin(page, account);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});
