import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { seedOrder } from './support/seed';
import { api, type Account, toast } from './support/helpers';
import { pickContact, pickedContact } from './support/contact-picker';

type Customer = { _id: string; name: string };

function seedCustomer(request: APIRequestContext, account: Account, businessId: string, first: string, last: string) {
  const email = `${first}.${last}.${Date.now().toString(36)}@example.com`.toLowerCase();
  return api<{ customer: Customer }>(
    request,
    `businesses/customers/${businessId}/create`,
    { first_name: first, last_name: last, status: 'customer', emails: [email] },
    account.token,
  ).then((d) => d.customer);
}

test('an order is created by hand, confirmed and cancelled, and the contact shows it @nojs', async ({
  page,
  request,
  owner,
}, testInfo) => {
  const { account, businessId } = await owner();
  const ada = await seedCustomer(request, account, businessId, 'Ada', 'Lovelace');
  await api(
    request,
    `businesses/memories/${businessId}/create`,
    {
      type: 'product',
      status: 'active',
      title: 'Sourdough loaf',
      content: 'Sourdough loaf, baked daily.\nPrice: £4.50',
    },
    account.token,
  );

  await page.goto('/dashboard/orders');
  await expect(page.getByTestId('orders-empty')).toContainText('No orders yet.');
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/new$/);

  const js = testInfo.project.name === 'js';
  if (js) {
    // With JavaScript the form checks itself before anything is sent.
    await page.getByLabel('Item 1 product').fill('Sourdough loaf');
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByText('Customer is required.')).toBeVisible();
    await pickContact(page, 'Customer', ada.name, js);
  } else {
    // Without it the browser's required check comes first; a blank product name passes it and the server refuses it.
    await pickContact(page, 'Customer', ada.name, js);
    await page.getByLabel('Item 1 product').fill('   ');
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByText('Each order line needs a product name.')).toBeVisible();
    await expect(pickedContact(page)).toHaveValue(ada._id);
    await page.getByLabel('Item 1 product').fill('Sourdough loaf');
  }
  await page.getByLabel('Item 1 quantity').fill('2');
  await page.getByLabel('Item 1 price').fill('£4.50');
  await page.getByRole('button', { name: 'Add item' }).click();
  await page.getByLabel('Item 2 product').fill('Croissant');
  await page.getByLabel('Item 2 quantity').fill('6');
  await page.getByLabel('Notes').fill('Collect on Saturday morning.');
  await page.getByRole('button', { name: 'Create order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/orders\/[\w-]+$/);
  await expect(toast(page, 'Order created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Order for Ada Lovelace' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('New');
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveText([/Sourdough loaf\s*2\s*£4\.50/, /Croissant\s*6/]);
  // The line named like a product memory links to it.
  await expect(lines.first().getByRole('link', { name: 'Sourdough loaf' })).toBeVisible();
  await expect(page.getByTestId('order-notes')).toHaveText('Collect on Saturday morning.');
  const orderUrl = new URL(page.url()).pathname;

  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(toast(page, 'Order updated.')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  await expect(page.getByTestId('order-details')).toContainText('Confirmed');

  // Cancelling asks first: a dialog with JavaScript, the same confirmation on the page without.
  await page.getByRole('link', { name: 'Cancel order' }).click();
  const confirm = js
    ? page.getByRole('dialog', { name: 'Cancel order' })
    : page.getByRole('alertdialog', { name: 'Cancel order' });
  if (!js) await expect(page).toHaveURL(/confirm=cancel/);
  await expect(confirm.getByText('Cancel the order for Ada Lovelace?')).toBeVisible();
  await confirm.getByLabel(/Tell the customer/).uncheck();
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(page).toHaveURL(new RegExp(`${orderUrl}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByRole('link', { name: 'Cancel order' })).toHaveCount(0);
  // Undone with Reopen.
  await expect(page.getByRole('button', { name: 'Reopen order' })).toBeVisible();

  await page.goto(`/dashboard/customers/${ada._id}`);
  const section = page.getByTestId('customer-orders');
  await expect(section.getByTestId('order-row')).toHaveCount(1);
  await expect(section.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(section.getByTestId('order-summary')).toHaveText('2 × Sourdough loaf, 6 × Croissant');
});

test('the contact’s “New order” chooses the contact, and an edit changes the items @nojs', async ({
  page,
  request,
  owner,
}, testInfo) => {
  const { account, businessId } = await owner();
  const grace = await seedCustomer(request, account, businessId, 'Grace', 'Hopper');
  await page.goto(`/dashboard/customers/${grace._id}`);
  await expect(page.getByTestId('customer-orders-empty')).toContainText('No orders from Grace yet.');
  await page.getByTestId('customer-orders').getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/new\\?customer_id=${grace._id}$`));
  await expect(pickedContact(page)).toHaveValue(grace._id);
  await page.getByLabel('Item 1 product').fill('Birthday cake');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(toast(page, 'Order created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Order for Grace Hopper' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit order' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByLabel('Item 1 product')).toHaveValue('Birthday cake');
  if (testInfo.project.name === 'js') {
    await page.getByLabel('Item 1 quantity').fill('0');
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(page.getByText('Quantity must be a whole number of at least 1.')).toBeVisible();
  }
  await page.getByLabel('Item 1 quantity').fill('3');
  await page.getByLabel('Item 1 price').fill('£25 each');
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(toast(page, 'Order updated.')).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveText([/Birthday cake\s*3\s*£25 each/]);
});

test('deleting an order asks for confirmation, and the banner restores it @nojs', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  const ada = await seedCustomer(request, account, businessId, 'Ada', 'Byron');
  const order = await seedOrder(request, account, businessId, {
    customer_id: ada._id,
    lines: [{ name: 'Rye bread', quantity: 1 }],
  });
  await page.goto(`/dashboard/orders/${order._id}`);
  await page.getByRole('link', { name: 'Delete order' }).click();
  await expect(page.getByText('Delete the order for Ada Byron?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete order' }).click();

  await expect(page).toHaveURL(/\/dashboard\/orders\?deleted=/);
  await expect(toast(page, 'Order deleted.')).toBeVisible();
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  await page.getByTestId('undo-banner').getByRole('button', { name: 'Restore' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order._id}$`));
  await expect(toast(page, 'Order restored.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Order for Ada Byron' })).toBeVisible();
});

test('the list filters by status and by customer @nojs', async ({ page, request, owner }, testInfo) => {
  const { account, businessId } = await owner();
  const ada = await seedCustomer(request, account, businessId, 'Ada', 'King');
  const alan = await seedCustomer(request, account, businessId, 'Alan', 'Turing');
  await seedOrder(request, account, businessId, { customer_id: ada._id, lines: [{ name: 'Bagels', quantity: 12 }] });
  await seedOrder(request, account, businessId, {
    customer_id: alan._id,
    status: 'confirmed',
    lines: [{ name: 'Baguette', quantity: 2 }],
  });
  await seedOrder(request, account, businessId, { customer_id: alan._id, lines: [{ name: 'Brioche', quantity: 1 }] });
  await page.goto('/dashboard/orders');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveText([/Brioche/, /Baguette/, /Bagels/]);

  await page.getByLabel('Status').selectOption('new');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveText([/Brioche/, /Bagels/]);

  await pickContact(page, 'Customer', alan.name, testInfo.project.name === 'js');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveText([/Alan Turing.*Brioche/]);
  await expect(page.getByTestId('orders-total')).toHaveText('1 order found');

  await page.getByLabel('Status').selectOption('cancelled');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('orders-empty')).toContainText('No cancelled orders for Alan Turing.');
});

test('an order taken elsewhere appears in an open list without a reload', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  const ada = await seedCustomer(request, account, businessId, 'Ada', 'Live');
  await page.goto('/dashboard/orders');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await seedOrder(request, account, businessId, { customer_id: ada._id, lines: [{ name: 'Focaccia', quantity: 1 }] });
  await expect(page.getByTestId('order-row').filter({ hasText: 'Focaccia' })).toBeVisible();
});
