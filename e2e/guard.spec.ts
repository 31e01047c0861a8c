import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/helpers';

test('a signed-out deep link goes to login and comes back after signing in @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await page.goto('/dashboard/account-settings?tab=profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Faccount-settings%3Ftab%3Dprofile$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account-settings\?tab=profile$/);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
});

test('/dashboard redirects to home and login is skipped while signed in', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { name: 'Recents' })).toBeVisible();
  await page.goto('/login?redirect=%2Fdashboard%2Faccount-settings');
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});

test('a user without a business is sent to the mobile step, and a verified one on to the business step', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'none' });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/onboard\/mobile-submit$/);
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/dashboard\/onboard\/mobile-submit$/);

  const verified = await createAccount(request, { business: 'none', mobile: true });
  await page.context().clearCookies();
  await signIn(page, verified);
  await expect(page).toHaveURL(/\/dashboard\/onboard\/your-business$/);
});

test('while the wizard is unfinished every dashboard route but home, onboarding, account settings and help goes to home', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'unfinished' });
  await signIn(page, account);
  // Account settings and help stay open (issue 22): e2e/account-always-reachable.spec.ts.
  await page.goto('/dashboard/customers');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByTestId('setup-checklist')).toBeVisible();
  await page.goto('/dashboard/onboard/your-business');
  await expect(page).toHaveURL(/\/dashboard\/onboard\/your-business$/);
});

test('a finished wizard follows the redirect query value', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/home?redirect=%2Fdashboard%2Faccount-settings');
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);
  // Only same-site paths are followed: another site's address is dropped.
  await page.goto('/dashboard/home?redirect=%2F%2Fevil.example.com');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});

test('signing out from the account drawer ends the session @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.getByLabel('Account').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fhome$/);
});
