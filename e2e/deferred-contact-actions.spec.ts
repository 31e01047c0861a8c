import { expect, test } from './support/fixtures';
import { seedCustomer } from './support/seed';

/**
 * A contact's edit and delete (app/routes/dashboard+/customers+/__contact-actions.tsx) load after
 * their page (app/components/deferred.tsx): their chunk is held here until the page has hydrated.
 * Meanwhile they wait (aria-busy); once the chunk hydrates them, Delete opens its dialog in place
 * rather than going to the ?confirm=delete page.
 */
test('a contact’s delete waits for its chunk, then opens its confirmation in a dialog', async ({
  page,
  owner,
  request,
}) => {
  const { account, businessId } = await owner();
  const customer = await seedCustomer(request, account, businessId, { first_name: 'Alan', last_name: 'Turing' });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/__contact-actions-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/dashboard/customers/${customer._id}`);
  const actions = page.locator('fieldset[data-deferred="contact-actions"]');
  // The page has hydrated (its own effects ran) while the actions' chunk is still held.
  await expect(actions).toHaveAttribute('aria-busy', '');

  release();
  await expect(actions).not.toHaveAttribute('aria-busy', '');
  await page.getByRole('link', { name: 'Delete contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete contact' });
  await expect(dialog.getByText('Delete Alan Turing?')).toBeVisible();
  await expect(page).not.toHaveURL(/confirm=delete/);
});
