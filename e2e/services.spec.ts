import { expect, test } from './support/fixtures';
import { seedService } from './support/seed';
import { toast } from './support/helpers';

test('a service is created after the form says what is wrong with the frequency @nojs', async ({
  page,
  owner,
}, testInfo) => {
  await owner();
  await page.goto('/dashboard/services');
  await expect(page.getByTestId('services-empty')).toContainText('No services yet.');
  await page.getByRole('link', { name: 'New service' }).click();

  const js = testInfo.project.name === 'js';
  // With JavaScript the form is a dialog over the list (whose filter has a Status too).
  const dialog = page.getByRole('dialog', { name: 'New service' });
  const form = js ? dialog : page;
  if (js) await expect(dialog).toBeVisible();
  else await expect(page).toHaveURL(/\/dashboard\/services\/new$/);

  await form.getByLabel('Name').fill('Window cleaning');
  await form.getByLabel('Frequency', { exact: true }).fill('monthly');
  await form.getByRole('button', { name: 'Create service' }).click();
  // Checked in the browser with JavaScript, by the server without it: the same message.
  await expect(form.getByText('Service frequency must be a number.')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Window cleaning');

  await form.getByLabel('Frequency', { exact: true }).fill('28');
  await form.getByLabel('Status').selectOption('active');
  await form.getByLabel('Price').fill('From £25');
  await form.getByLabel('Description').fill('Outside windows, frames and sills.');
  await form.getByRole('button', { name: 'Create service' }).click();

  await expect(page).toHaveURL(/\/dashboard\/services\/[\w-]+$/);
  await expect(toast(page, 'Service created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Window cleaning' })).toBeVisible();
  await expect(page.getByTestId('service-status')).toHaveText('Active');
  await expect(page.getByTestId('service-details')).toContainText('Every 28 days');
  await expect(page.getByTestId('service-details')).toContainText('From £25');
  await expect(page.getByTestId('service-description')).toHaveText('Outside windows, frames and sills.');
});

test('a service is edited and the page shows the change @nojs', async ({ page, request, owner }, testInfo) => {
  const { account, businessId } = await owner();
  const service = await seedService(request, account, businessId, { name: 'Lawn mowing', frequency: 14, price: '£30' });
  await page.goto(`/dashboard/services/${service._id}`);
  await page.getByRole('link', { name: 'Edit service' }).click();
  const form = testInfo.project.name === 'js' ? page.getByRole('dialog', { name: 'Edit Lawn mowing' }) : page;
  if (testInfo.project.name !== 'js') await expect(page).toHaveURL(/\/edit$/);
  await expect(form.getByLabel('Frequency', { exact: true })).toHaveValue('14');
  await form.getByLabel('Name').fill('Lawn care');
  await form.getByLabel('Status').selectOption('inactive');
  await form.getByLabel('Price').fill('');
  await form.getByRole('button', { name: 'Save service' }).click();

  await expect(toast(page, 'Service updated.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/services/${service._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Lawn care' })).toBeVisible();
  await expect(page.getByTestId('service-status')).toHaveText('Inactive');
  await expect(page.getByTestId('service-details')).toContainText('Not set');
});

test('deleting a service asks for confirmation, and the banner restores it @nojs', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  const service = await seedService(request, account, businessId, { name: 'Oven cleaning' });
  await page.goto(`/dashboard/services/${service._id}`);
  await page.getByRole('link', { name: 'Delete service' }).click();
  await expect(page.getByText('Delete Oven cleaning?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete service' }).click();

  await expect(page).toHaveURL(/\/dashboard\/services\?deleted=/);
  await expect(toast(page, 'Service deleted.')).toBeVisible();
  await expect(page.getByTestId('services-empty')).toBeVisible();
  await page.getByTestId('undo-banner').getByRole('button', { name: 'Restore' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/services/${service._id}$`));
  await expect(toast(page, 'Service restored.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Oven cleaning' })).toBeVisible();
});

test('the list searches, filters by status and sorts @nojs', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  await seedService(request, account, businessId, {
    name: 'Carpet cleaning',
    description: 'Steam clean of rugs',
    frequency: 180,
  });
  await seedService(request, account, businessId, { name: 'Antique polishing', status: 'inactive', frequency: 30 });
  await seedService(request, account, businessId, { name: 'Boiler check', frequency: 365 });
  await page.goto('/dashboard/services');
  const rows = page.getByTestId('service-row');
  // Newest first by default.
  await expect(rows).toHaveText([/Boiler check/, /Antique polishing/, /Carpet cleaning/]);

  await page.getByLabel('Order').selectOption('name');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveText([/Antique polishing/, /Boiler check/, /Carpet cleaning/]);

  await page.getByLabel('Search').fill('rugs');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveText([/Carpet cleaning/]);
  await expect(page.getByTestId('services-total')).toHaveText('1 service found');

  await page.getByLabel('Search').fill('');
  await page.getByLabel('Status').selectOption('inactive');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveText([/Antique polishing/]);

  await page.getByLabel('Search').fill('nothing like this');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('services-empty')).toContainText('No services match “nothing like this”');
});

test('a service created elsewhere appears in an open list without a reload', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  await page.goto('/dashboard/services');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await seedService(request, account, businessId, { name: 'Gutter clearing' });
  await expect(page.getByTestId('service-row').filter({ hasText: 'Gutter clearing' })).toBeVisible();
});
