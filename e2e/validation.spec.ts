import { expect, test } from '@playwright/test';
import { createAccount, signIn, submitLogin, uniqueEmail } from './support/helpers';

test('the register form shows the exact validation messages as you type', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByLabel('Your name').fill('Ada');
  await expect(page.getByText('Email is not valid.')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Name is required.')).toHaveCount(0);
});

test('the register form answers with the server messages when JavaScript is off @nojs', async ({ page, request }) => {
  // "a@b" passes the browser's own email check; the server refuses it with the spec's message.
  await page.goto('/register');
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Email').fill('a@b');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email is not valid.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('Ada');

  const taken = await createAccount(request);
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('An account with this email already exists.')).toBeVisible();
});

test('the business form shows the exact validation messages', async ({ page, request }) => {
  const account = await createAccount(request, { mobile: true });
  await signIn(page, account);
  await page.goto('/dashboard/onboard/your-business?step=details');
  await page.getByLabel('Business email').fill('');
  await page.getByRole('button', { name: 'Create my business' }).click();
  await expect(page.getByText('Business name is required.')).toBeVisible();
  await expect(page.getByText('Business email is required.')).toBeVisible();
  await expect(page.getByText('Country is required.')).toBeVisible();
  await expect(page.getByText('At least one phone number is required.')).toBeVisible();

  await page.getByLabel('Business email').fill('shop@');
  await page.getByLabel('Business phone number 1').fill('02071234567');
  await page.getByLabel('Business name').fill('Corner Shop');
  await expect(page.getByText('Business e-mail is not valid.')).toBeVisible();
  await expect(page.getByText('Phone numbers must be in international format, E.164 format')).toBeVisible();
});

test('the business form answers with the server messages when JavaScript is off @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { mobile: true });
  await signIn(page, account);
  await page.goto('/dashboard/onboard/your-business?step=details');
  await page.getByLabel('Business name').fill('Corner Shop');
  await page.getByLabel('Business email').fill('shop@corner');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Business phone number 1').fill('12345');
  await page.getByRole('button', { name: 'Create my business' }).click();
  await expect(page.getByText('Business e-mail is not valid.')).toBeVisible();
  await expect(page.getByText('Phone numbers must be in international format, E.164 format')).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveValue('Corner Shop');
});

test('a wrong password gets one generic message @nojs', async ({ page, request }) => {
  const account = await createAccount(request);
  await submitLogin(page, { email: account.email, password: 'wrong password!' });
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await submitLogin(page, { email: uniqueEmail('nobody'), password: 'wrong password!' });
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});
