import { expect, test } from '@playwright/test';

test('an unknown path renders the not-found page with status 404 @nojs', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the root path redirects to register', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});
