import { faker } from '@faker-js/faker';
import { expect, test } from '@playwright/test';
import { api, createAccount, signIn } from './support/helpers';

test('a business in a country the old list left out (Nepal) is created with its own timezone @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/business-create');
  const name = `Kathmandu Tea ${faker.string.alphanumeric(5)}`;
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Country').selectOption({ label: 'Nepal' });
  await page.getByLabel('Business phone number 1').fill('+97714411111');
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page).toHaveURL(/\/dashboard\/business-welcome\/[\w-]+$/);

  const { businesses } = await api<{ businesses: Array<{ name: string; country: string; timezone: string }> }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  expect(businesses.find((business) => business.name === name)).toMatchObject({
    country: 'NP',
    timezone: 'Asia/Kathmandu',
  });
});

test('country names follow the browser language', async ({ browser, request }) => {
  const context = await browser.newContext({
    locale: 'de-DE',
    extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9' },
  });
  const page = await context.newPage();
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/business-create');
  await expect(page.getByLabel('Country').locator('option[value="DE"]')).toHaveText('Deutschland');
  await expect(page.getByLabel('Country').locator('option[value="NP"]')).toHaveText('Nepal');
  // Only pages with a country picker carry the names (in their loader's data).
  await page.goto('/dashboard/home');
  expect(await page.content()).not.toContain('Deutschland');
  await context.close();
});
