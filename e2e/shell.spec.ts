import { faker } from '@faker-js/faker';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, createAccount, signIn } from './support/helpers';

const drawer = (page: Page, name: string) => page.locator(`[data-drawer="${name}"]`);
const isOpen = (page: Page, name: string) =>
  drawer(page, name).evaluate((element) => (element as HTMLDetailsElement).open);

/** The outbox entries whose body contains `text` (support requests go to "support" without SUPPORT_EMAIL). */
async function outboxWith(request: APIRequestContext, text: string) {
  const response = await request.post('/api/v1/dev/outbox/list');
  const { data } = (await response.json()) as { data: { messages: { to: string; subject?: string; body: string }[] } };
  return data.messages.filter((message) => message.body.includes(text));
}

test('each drawer toggles on its own, and Escape or a click outside closes it @nojs', async ({
  page,
  request,
}, testInfo) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/services');

  // The filter drawer starts open around the page's filters and folds away on its own.
  expect(await isOpen(page, 'filter')).toBe(true);
  await drawer(page, 'filter').locator('summary').click();
  expect(await isOpen(page, 'filter')).toBe(false);
  await expect(page.getByLabel('Search')).toBeHidden();

  await page.getByLabel('Navigation').click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByLabel('Help').click();
  await expect(drawer(page, 'help').getByTestId('help-topic')).toContainText('Services');
  // Opening help left navigation open: the drawers are independent.
  expect(await isOpen(page, 'navigation')).toBe(true);
  expect(await isOpen(page, 'notifications')).toBe(false);
  expect(await isOpen(page, 'account')).toBe(false);
  expect(await isOpen(page, 'filter')).toBe(false);

  await page.getByLabel('Navigation').click();
  expect(await isOpen(page, 'navigation')).toBe(false);
  expect(await isOpen(page, 'help')).toBe(true);

  await page.getByLabel('Account').click();
  await expect(drawer(page, 'account')).toContainText(account.email);
  await page.getByLabel(/^Notifications/).click();
  await expect(drawer(page, 'notifications')).toContainText('You are all caught up.');
  expect(await isOpen(page, 'account')).toBe(true);

  if (testInfo.project.name === 'js') {
    await page.keyboard.press('Escape');
    expect(await isOpen(page, 'account')).toBe(false);
    expect(await isOpen(page, 'notifications')).toBe(false);
    expect(await isOpen(page, 'help')).toBe(false);
    await page.getByLabel('Help').click();
    await page.getByRole('heading', { name: 'Services', level: 1 }).click();
    expect(await isOpen(page, 'help')).toBe(false);
  }
});

test('the help drawer sends a support request that lands in the outbox @nojs', async ({ page, request }, testInfo) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/notes');
  await page.getByLabel('Help').click();
  const help = drawer(page, 'help');
  await expect(help.getByTestId('help-topic')).toContainText('Notes & tasks');

  const question = `How do repeated tasks work? ${faker.string.alphanumeric(10)}`;
  if (testInfo.project.name === 'js') {
    // Sending an empty form keeps the drawer open and says what is missing (without
    // JavaScript the browser's own required check does that).
    await help.getByRole('button', { name: 'Send to support' }).click();
    await expect(help.getByText('This field is required.').first()).toBeVisible();
  }
  await help.getByLabel('Topic').fill('Repeated tasks');
  await help.getByLabel('Your question').fill(question);
  await help.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent.' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/notes$/);

  await expect.poll(async () => (await outboxWith(request, question)).length).toBe(1);
  const [sent] = await outboxWith(request, question);
  expect(sent.to).toBe('support');
  expect(sent.body).toContain(account.email);
  expect(sent.body).toContain('Page: /dashboard/notes');
});

test('the help page shows the help for the page it was opened from @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/help?page=%2Fdashboard%2Fcustomers');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact support' }).first()).toBeVisible();
});

test('an older native app sees the version dialog until it is dismissed @nojs', async ({ page, request, baseURL }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await expect(page.getByTestId('version-dialog')).toHaveCount(0);

  // The native shell records its device details (with its app version) in this cookie.
  const device = encodeURIComponent(JSON.stringify({ mode: 'capacitor', 'app-version': '0.0.1' }));
  await page.context().addCookies([{ name: 'app_device', value: device, url: baseURL! }]);
  await page.goto('/dashboard/home');
  const dialog = page.getByRole('dialog', { name: 'A new version is available' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You are using version 0.0.1');
  await expect(dialog).toContainText('Update the app');

  // The dismissal is stored in the session by the answer to this post.
  const dismissed = page.waitForResponse(
    (response) => response.url().includes('/dashboard/version-dismiss') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Later' }).click();
  await dismissed;
  await expect(page.getByTestId('version-dialog')).toHaveCount(0);
  await page.goto('/dashboard/notes');
  await expect(page.getByRole('heading', { name: 'Notes & tasks' })).toBeVisible();
  await expect(page.getByTestId('version-dialog')).toHaveCount(0);
});

test('deleting opens the shared confirmation dialog, and Cancel leaves the record', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  const { note } = await api<{ note: { _id: string } }>(
    request,
    `businesses/notes/${businesses[0]._id}/create`,
    { body: 'Keep this note' },
    account.token,
  );
  await page.goto(`/dashboard/notes/${note._id}`);
  await expect(page.getByTestId('note-body')).toHaveText('Keep this note');
  await page.getByRole('link', { name: 'Delete note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete note' });
  await expect(dialog.getByRole('alertdialog')).toContainText('Delete this note?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('note-body')).toHaveText('Keep this note');
});
