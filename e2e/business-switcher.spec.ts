import { faker } from '@faker-js/faker';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn } from './support/helpers';

/** The name of the business the header's switcher shows as selected. */
const switcherShows = (page: Page) =>
  page
    .locator('#business-switcher')
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

test('after "Add a business" the header switcher shows the new business at once @nojs', async ({ page, request }) => {
  // A whole journey (sign-in, several forms and page loads): more steps than most tests.
  test.slow();
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/businesses');
  await expect.poll(() => switcherShows(page)).toBe(account.businessName);

  await page.getByRole('link', { name: 'Add a business' }).click();
  const name = `Switcher Shop ${faker.string.alphanumeric(5)}`;
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Business phone number 1').fill('+442071234999');
  await page.getByRole('button', { name: 'Create business' }).click();

  // Creating a business runs several writes: on a busy 2-core machine it can take more than the default 10 s.
  await expect(page).toHaveURL(/\/dashboard\/business-welcome\/[\w-]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();
  const newId = new URL(page.url()).pathname.split('/').pop();
  await expect(page.locator('#business-switcher')).toHaveValue(newId!);
  await expect.poll(() => switcherShows(page)).toBe(name);

  // A client-side navigation after it keeps showing the selected business.
  await page.getByLabel('Navigation').click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Businesses' }).click();
  await expect(page).toHaveURL(/\/dashboard\/businesses$/);
  await expect.poll(() => switcherShows(page)).toBe(name);
});
