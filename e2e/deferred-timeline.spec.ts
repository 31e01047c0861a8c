import type { Page } from '@playwright/test';
import { pickContact } from './support/contact-picker';
import { expect, test } from './support/fixtures';
import { api } from './support/helpers';

/**
 * The timeline pages' contact picker and delete dialog load after the page (`deferred`,
 * app/components/customer-selector.deferred.tsx and timeline-delete.deferred.tsx). Their chunk is
 * held here until the page has hydrated: in between they are the server's plain form and link,
 * disabled only where a half-hydrated control could misfire, and they work in full once it arrives.
 */
async function hold(page: Page, glob: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the contact picker and the delete dialog wait for their late chunks, then work', async ({
  page,
  owner,
  request,
}) => {
  const { account, businessId } = await owner();
  const { customer } = await api<{ customer: { _id: string; name: string } }>(
    request,
    `businesses/customers/${businessId}/create`,
    { first_name: 'Zelda', status: 'lead' },
    account.token,
  );
  const { note } = await api<{ note: { _id: string } }>(
    request,
    `businesses/notes/${businessId}/create`,
    { body: 'Bring the spare key', customer_id: customer._id },
    account.token,
  );

  const releasePicker = await hold(page, '**/assets/customer-selector-*.js');
  await page.goto('/dashboard/notes');
  // The page has hydrated (its own effects ran) while the picker's chunk is still held.
  await expect(page.getByLabel('Contact', { exact: true })).toBeDisabled();
  releasePicker();
  await pickContact(page, 'Contact', customer.name, true);
  await expect(page).toHaveURL(new RegExp(`customer_id=${customer._id}`));
  await expect(page.getByTestId('timeline-item')).toHaveCount(1);

  const releaseDelete = await hold(page, '**/assets/timeline-delete-*.js');
  await page.goto(`/dashboard/notes/${note._id}`);
  const link = page.getByRole('link', { name: 'Delete note' });
  // Before its chunk the link is the no-JavaScript confirmation page's link.
  await expect(link).toHaveAttribute('href', `/dashboard/notes/${note._id}?confirm=delete`);
  const waiting = page.locator('fieldset[data-deferred="timeline-delete-link"]');
  await expect(waiting).toHaveJSProperty('disabled', true);
  releaseDelete();
  await expect(waiting).toHaveJSProperty('disabled', false);
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Delete note' });
  await dialog.getByRole('button', { name: 'Delete note' }).click();
  await expect(page).toHaveURL(/\/dashboard\/notes\?deleted=/);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note restored.' })).toBeVisible();
  await expect(page.getByTestId('note-body')).toHaveText('Bring the spare key');
});
