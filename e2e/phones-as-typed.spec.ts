import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, createAccount, signIn, toast } from './support/helpers';

/** A signed-in owner of a finished business in GB (the fixtures' country). */
async function gbOwner(page: Page, request: APIRequestContext) {
  const account = await createAccount(request, { business: 'finished' });
  const { businesses } = await api<{ businesses: { _id: string; country: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  expect(businesses[0].country).toBe('GB');
  await signIn(page, account);
  return { account, businessId: businesses[0]._id };
}

test('a number typed the national way is saved in E.164 and shown as the business country reads it @nojs', async ({
  page,
  request,
}) => {
  const { account, businessId } = await gbOwner(page, request);
  await page.goto('/dashboard/customers/new');
  // The example in the field is a number of the business's country, written as its people write it.
  await expect(page.getByLabel('Phone number 1', { exact: true })).toHaveAttribute('placeholder', '07400 123456');
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number 1', { exact: true }).fill('07700 900123');
  await page.getByRole('button', { name: 'Add another number' }).click();
  await page.getByLabel('Phone number 2', { exact: true }).fill('+1 (415) 555-0100');
  await page.getByRole('button', { name: 'Create contact' }).click();

  await expect(page).toHaveURL(/\/dashboard\/customers\/[\w-]+$/);
  await expect(toast(page, 'Contact created.')).toBeVisible();
  // Its own country's number nationally, a foreign one internationally; the tel: links dial E.164.
  await expect(page.getByRole('link', { name: '07700 900123', exact: true })).toHaveAttribute(
    'href',
    'tel:+447700900123',
  );
  await expect(page.getByRole('link', { name: '+1 415 555 0100', exact: true })).toHaveAttribute(
    'href',
    'tel:+14155550100',
  );

  const id = new URL(page.url()).pathname.split('/').pop()!;
  const { customer } = await api<{ customer: { phones: string[] } }>(
    request,
    `businesses/customers/${businessId}/get/${id}`,
    undefined,
    account.token,
  );
  expect(customer.phones).toEqual(['+447700900123', '+14155550100']);
});

test('the list and the edit form show numbers as the business reads them, and saving keeps E.164 @nojs', async ({
  page,
  request,
}) => {
  const { account, businessId } = await gbOwner(page, request);
  const { customer } = await api<{ customer: { _id: string } }>(
    request,
    `businesses/customers/${businessId}/create`,
    { first_name: 'Nia', last_name: 'Okafor', status: 'lead', phones: ['+447700900123', '+14155550100'] },
    account.token,
  );
  const id = customer._id;
  await page.goto('/dashboard/customers');
  await expect(page.getByTestId('customer-row').filter({ hasText: 'Nia Okafor' })).toContainText('07700 900123');

  await page.goto(`/dashboard/customers/${id}/edit`);
  await expect(page.getByLabel('Phone number 1', { exact: true })).toHaveValue('07700 900123');
  await expect(page.getByLabel('Phone number 2', { exact: true })).toHaveValue('+1 415 555 0100');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(toast(page, 'Contact updated.')).toBeVisible();
  const saved = await api<{ customer: { phones: string[] } }>(
    request,
    `businesses/customers/${businessId}/get/${id}`,
    undefined,
    account.token,
  );
  expect(saved.customer.phones).toEqual(['+447700900123', '+14155550100']);
});

test('what cannot be read as a number still gets the E.164 message @nojs', async ({ page, request }) => {
  await gbOwner(page, request);
  await page.goto('/dashboard/customers/new');
  await page.getByLabel('First name').fill('Junk');
  await page.getByLabel('Phone number 1', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create contact' }).click();
  await expect(
    page.getByText('Phone numbers must be in international format, E.164 format (e.g. +14155552671).'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/customers\/new$/);
  await expect(page.getByLabel('Phone number 1', { exact: true })).toHaveValue('12345');
});
