import { faker } from '@faker-js/faker';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, createAccount, signIn, uniqueEmail, type Account, toast } from './support/helpers';
import { member as joinedMember } from './support/team';

type Business = { _id: string; name: string };

const deletedRow = (page: Page, text: string) => page.getByTestId('deleted-row').filter({ hasText: text });

async function businessesOf(request: APIRequestContext, account: Account) {
  return (await api<{ businesses: Business[] }>(request, 'users/list-businesses', undefined, account.token)).businesses;
}

async function addBusiness(request: APIRequestContext, account: Account): Promise<Business> {
  const name = `${faker.company.name()} ${faker.string.alphanumeric(4)}`;
  const { business } = await api<{ business: Business }>(
    request,
    'businesses/create',
    { name, email: uniqueEmail('biz'), country: 'GB', telephones: ['+442071234568'] },
    account.token,
  );
  await api(request, `businesses/completed-test/${business._id}`, undefined, account.token);
  return business;
}

async function deleteBusinessFromItsPage(page: Page, business: Business, js: boolean) {
  await page.goto(`/dashboard/businesses/${business._id}`);
  await page.getByRole('link', { name: 'Delete business' }).click();
  const confirm = page.getByRole(js ? 'dialog' : 'alertdialog', { name: 'Delete business' });
  // The confirmation says where the restore is, and it is there.
  await expect(confirm).toContainText('restore it from Recently deleted on the businesses page');
  await confirm.getByRole('button', { name: 'Delete business' }).click();
}

test('a deleted business is restored by its admin from Recently deleted on the businesses page @nojs', async ({
  page,
  request,
}, testInfo) => {
  // Delete, the list, Recently deleted, restore, the list again: a whole journey.
  test.slow();
  const account = await createAccount(request, { business: 'finished' });
  const second = await addBusiness(request, account);
  await signIn(page, account);
  await deleteBusinessFromItsPage(page, second, testInfo.project.name === 'js');
  await expect(
    toast(page, `${second.name} has been deleted. You can restore it from Recently deleted on the businesses page.`),
  ).toBeVisible();

  // Long after the one-time banner: the businesses page links to its deleted businesses.
  await page.goto('/dashboard/businesses');
  await expect(page.getByTestId('business-row')).toHaveCount(1);
  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await expect(page).toHaveURL(/\/dashboard\/recently-deleted\/businesses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted businesses' })).toBeVisible();
  await expect(page.getByText('Deleted items are kept until you restore them')).toBeVisible();
  const row = deletedRow(page, second.name);
  await expect(row).toContainText('Deleted');
  await row.getByRole('button', { name: 'Restore' }).click();

  await expect(toast(page, `${second.name} has been restored.`)).toBeVisible();
  await expect(page.getByTestId('deleted-row')).toHaveCount(0);
  await expect(page.getByTestId('recently-deleted-empty')).toBeVisible();
  await page.goto('/dashboard/businesses');
  await expect(page.getByTestId('business-row')).toHaveCount(2);
});

test("deleting one's only business lands on its Recently deleted view, where it is restored @nojs", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const account = await createAccount(request, { business: 'finished' });
  const [only] = await businessesOf(request, account);
  await signIn(page, account);
  await deleteBusinessFromItsPage(page, only, testInfo.project.name === 'js');

  await expect(page).toHaveURL(/\/dashboard\/recently-deleted\/businesses$/);
  await expect(toast(page, `${only.name} has been deleted.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a business' })).toBeVisible();
  await deletedRow(page, only.name).getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, `${only.name} has been restored.`)).toBeVisible();
  await page.goto('/dashboard/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
});

test('a deleted contact is restored from Recently deleted contacts and is back in the list @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  const [business] = await businessesOf(request, account);
  const base = `businesses/customers/${business._id}`;
  const first = `Ada ${faker.string.alpha(6)}`;
  const { customer } = await api<{ customer: { _id: string } }>(
    request,
    `${base}/create`,
    { first_name: first, last_name: 'Lovelace', status: 'lead', emails: [], phones: ['+447700900555'], addresses: [] },
    account.token,
  );
  await api(request, `${base}/delete/${customer._id}`, undefined, account.token);
  await signIn(page, account);

  await page.goto('/dashboard/customers');
  await expect(page.getByText(`${first} Lovelace`)).toHaveCount(0);
  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted contacts' })).toBeVisible();
  const row = deletedRow(page, `${first} Lovelace`);
  await expect(row).toContainText('+447700900555');
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Contact restored.')).toBeVisible();
  await expect(page.getByTestId('deleted-row')).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to contacts' }).click();
  await expect(page.getByRole('link', { name: `${first} Lovelace` }).first()).toBeVisible();
});

test('deleted services are shown to a member who may view them, restored only by one who may edit them; a member without the list sees neither @nojs', async ({
  page,
  request,
  browser,
}, testInfo) => {
  // Three people sign in one after another.
  test.slow();
  const owner = await createAccount(request, { business: 'finished' });
  const [business] = await businessesOf(request, owner);
  const name = `Boiler service ${faker.string.alphanumeric(5)}`;
  const { service } = await api<{ service: { _id: string } }>(
    request,
    `businesses/services/${business._id}/create`,
    { name, status: 'active', frequency: 365, price: '£80' },
    owner.token,
  );
  await api(request, `businesses/services/${business._id}/delete/${service._id}`, undefined, owner.token);
  const viewer = await joinedMember(request, owner, business._id, ['services/view']);
  const outsiderToServices = await joinedMember(request, owner, business._id, ['customers/view']);

  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  try {
    const viewerPage = await context.newPage();
    await signIn(viewerPage, viewer.account);
    await viewerPage.goto('/dashboard/recently-deleted/services');
    await expect(deletedRow(viewerPage, name)).toContainText('£80');
    await expect(viewerPage.getByRole('button', { name: 'Restore' })).toHaveCount(0);
    await expect(viewerPage.getByText('restoring them needs permission to edit them')).toBeVisible();
    // The second member signs in in the same browser (a fresh session).
    await context.clearCookies();

    await signIn(viewerPage, outsiderToServices.account);
    const refused = await viewerPage.goto('/dashboard/recently-deleted/services');
    expect(refused?.status()).toBe(403);
    await expect(viewerPage.getByText('You do not have permission to view services')).toBeVisible();
    await expect(viewerPage.getByText(name)).toHaveCount(0);
  } finally {
    await context.close();
  }

  await signIn(page, owner);
  await page.goto('/dashboard/services');
  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted services' })).toBeVisible();
  await deletedRow(page, name).getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Service restored.')).toBeVisible();
  await page.goto('/dashboard/services');
  await expect(page.getByText(name)).toBeVisible();
});

test('every list links to its own Recently deleted view', async ({ page, request }) => {
  // Ten list pages.
  test.slow();
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  const lists: [string, string][] = [
    ['/dashboard/customers', 'customers'],
    ['/dashboard/notes', 'notes'],
    ['/dashboard/calls', 'calls'],
    ['/dashboard/sms', 'sms'],
    ['/dashboard/forms', 'forms'],
    ['/dashboard/services', 'services'],
    ['/dashboard/memories', 'memories'],
    ['/dashboard/settings', 'systems'],
    ['/dashboard/users', 'members'],
    ['/dashboard/businesses', 'businesses'],
  ];
  for (const [list, kind] of lists) {
    await page.goto(list);
    await expect(page.getByRole('link', { name: 'Recently deleted' }), list).toHaveAttribute(
      'href',
      `/dashboard/recently-deleted/${kind}`,
    );
  }
  // One followed: an empty view says what will show up there.
  await page.getByRole('link', { name: 'Recently deleted' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted businesses' })).toBeVisible();
  await expect(page.getByTestId('recently-deleted-empty')).toBeVisible();
  await page.goto('/dashboard/recently-deleted/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted members' })).toBeVisible();
});
