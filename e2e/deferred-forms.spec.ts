import { expect, test } from './support/fixtures';
import { createAccount, signIn, toast } from './support/helpers';

/**
 * A deferred form (app/components/deferred.tsx) is not in its page's first load: its chunk
 * arrives after the page has hydrated. In between, its JavaScript-only widgets (the address
 * finder) would act on the server's markup with no handlers, so the form waits, disabled,
 * and works in full once its chunk has hydrated it. The chunk is held here until the page has
 * hydrated, to open that window wide.
 */
test('a form whose chunk has not arrived waits, then its address finder and submit work', async ({ page, owner }) => {
  await owner();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/__customer-form-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/customers/new');
  const find = page.getByRole('button', { name: 'Find' });
  // The page has hydrated (its own effects ran) while the form's chunk is still held.
  await expect(find).toBeDisabled();
  await expect(page.getByLabel('First name')).toBeDisabled();

  release();
  await expect(find).toBeEnabled();
  await page.getByLabel('Find an address').fill('10 Downing St, London SW1A 2AA, UK');
  await find.click();
  const suggestion = page.getByRole('list', { name: 'Address suggestions' }).getByRole('button').first();
  await expect(suggestion).toContainText('10 Downing St');
  await suggestion.click();
  await expect(page.getByLabel('Street')).toHaveValue('10 Downing St');
  await page.getByLabel('First name').fill('Larry');
  await page.getByRole('button', { name: 'Create contact' }).click();
  await expect(toast(page, 'Contact created.')).toBeVisible();
});

test('a deferred form gives its field back the focus it had before the form waited', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'none' });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/dashboard\/onboard\/mobile-submit$/);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/__mobile-forms-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/onboard/mobile-submit');
  const mobile = page.getByLabel('Mobile number');
  // The page has hydrated and its form waits: the disabled field has lost its autofocus.
  await expect(mobile).toBeDisabled();
  release();
  await expect(mobile).toBeEnabled();
  await expect(mobile).toBeFocused();
  await page.keyboard.type('+447700900123');
  await expect(mobile).toHaveValue('+447700900123');
});
