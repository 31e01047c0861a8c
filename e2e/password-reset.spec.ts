import { expect, test } from '@playwright/test';
import { codeSentTo, createAccount, signIn, submitLogin } from './support/helpers';

test('a user resets a forgotten password with the emailed code and signs in with the new one @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();

  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByLabel('Code').fill(await codeSentTo(request, account.email));
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, { email: account.email, password: account.password });
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await signIn(page, { email: account.email, password: 'a brand new password' });
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});

test('a wrong reset code is refused in place @nojs', async ({ page, request }) => {
  const account = await createAccount(request);
  await page.goto(`/reset-password?email=${encodeURIComponent(account.email)}`);
  await page.getByLabel('Code').fill('000000');
  await page.getByLabel('New password').fill('a brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The code is not valid or has expired.')).toBeVisible();
});
