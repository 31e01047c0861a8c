import { expect, test } from '@playwright/test';
import { createAccount, signIn, toast } from './support/helpers';

/**
 * The business details form (app/components/business-form.deferred.tsx) is not in its pages'
 * first load: its chunk (conform, zod, the business schema) arrives after the page has
 * hydrated. Held here until then, the form waits, disabled; once its chunk has hydrated it, its
 * phone list's add button and the browser-side validation work, and it creates the business.
 */
test('the business form waits for its chunk, then validates as the user types and creates the business', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route('**/assets/business-form-*.js', async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/business-create');
  const name = page.getByLabel('Business name');
  // The page has hydrated (its own effects ran) while the form's chunk is still held.
  await expect(name).toBeDisabled();
  expect(requested).toBe(true);

  release();
  await expect(name).toBeEnabled();
  await page.getByRole('button', { name: 'Add another number' }).click();
  await expect(page.getByLabel('Business phone number 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remove business phone number 2' }).click();
  // Validated in the browser: nothing posted, the spec's message beside the field.
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page.getByText('Business name is required.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/business-create$/);

  await name.fill('Deferred Form Shop');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Business phone number 1').fill('+442071234999');
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(toast(page, 'Deferred Form Shop has been created.')).toBeVisible();
});
