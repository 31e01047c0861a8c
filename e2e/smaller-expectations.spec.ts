import { faker } from '@faker-js/faker';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from './support/helpers';

type Business = { _id: string; name: string };

async function v1<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const response = await request.post(`/api/v1/${path}`, { data: body ?? {}, headers: { authorization: `Bearer ${token}` } });
  const payload = await response.json();
  if (!response.ok()) throw new Error(`${path} failed (${response.status()}): ${JSON.stringify(payload)}`);
  return payload.data as T;
}

/** A signed-up user whose one business has finished the set-up wizard. */
async function business(request: APIRequestContext) {
  const account = await createAccount(request, { mobile: true });
  const { business } = await v1<{ business: Business }>(request, account.token, 'businesses/create', {
    name: `${faker.company.name()} ${faker.string.alphanumeric(4)}`,
    email: uniqueEmail('biz'),
    country: 'GB',
    telephones: ['+442071234567'],
    timezone: 'Europe/London',
  });
  await v1(request, account.token, `businesses/completed-test/${business._id}`);
  const call = <T>(path: string, body?: unknown) => v1<T>(request, account.token, path.replace('{b}', business._id), body);
  return { account, business, call };
}

test('opening a notification marks it read: the bell stops counting it and it stays until dismissed @nojs', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { account, call } = await business(request);
  await call('businesses/notes/{b}/create', { body: 'Phone the plumber', reminder: new Date(Date.now() - 60_000).toISOString() });
  await call('businesses/notes/{b}/create', { body: 'Pay the rent', reminder: new Date(Date.now() - 60_000).toISOString() });
  await signIn(page, account);
  const drawer = page.locator('[data-drawer="notifications"]');
  // The scheduler inside the server picks the due reminders up on its next tick.
  await expect
    .poll(
      async () => {
        await page.goto('/dashboard/home');
        return drawer.getByTestId('notification').count();
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(2);
  await expect(drawer.getByTestId('notifications-count')).toHaveText('2');
  await drawer.locator('summary').click();
  const plumber = drawer.getByTestId('notification').filter({ hasText: 'Phone the plumber' });
  await expect(plumber).toHaveAttribute('data-read', 'false');
  await plumber.getByTestId('notification-open').click();
  await expect(page.getByTestId('note-body')).toHaveText('Phone the plumber');
  await expect(drawer.getByTestId('notifications-count')).toHaveText('1');
  await drawer.locator('summary').click();
  await expect(drawer.getByTestId('notification')).toHaveCount(2);
  await expect(drawer.getByTestId('notification').filter({ hasText: 'Phone the plumber' })).toHaveAttribute('data-read', 'true');
  await expect(drawer.getByTestId('notification').filter({ hasText: 'Pay the rent' })).toHaveAttribute('data-read', 'false');
});

test('a service repeats every 2 weeks: the unit is chosen in the form and shown on the page and the list @nojs', async ({ page, request }, testInfo) => {
  const { account } = await business(request);
  await signIn(page, account);
  await page.goto('/dashboard/services/new');
  await page.getByLabel('Name').fill('Lawn mowing');
  await page.getByLabel('Frequency', { exact: true }).fill('2');
  await page.getByLabel('Frequency unit').selectOption('week');
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page).toHaveURL(/\/dashboard\/services\/[\w-]+$/);
  await expect(page.getByTestId('service-details')).toContainText('Every 2 weeks');
  if (testInfo.project.name === 'js') {
    await page.goto('/dashboard/services');
    await expect(page.getByText('Every 2 weeks')).toBeVisible();
  }
});

test('the "calls may be recorded" notice is off until ticked, and stays on once saved @nojs', async ({ page, request }) => {
  const { account, business: biz, call } = await business(request);
  await signIn(page, account);
  await page.goto('/dashboard/assistant-settings');
  const notice = page.getByLabel(/Say that calls may be recorded/);
  await expect(notice).not.toBeChecked();
  await notice.check();
  await page.getByRole('button', { name: 'Save assistant settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Say that calls may be recorded/)).toBeChecked();
  const { business_settings } = await call<{ business_settings: { assistant: { recording_notice: boolean } } }>(`businesses/settings/${biz._id}/get`);
  expect(business_settings.assistant.recording_notice).toBe(true);
});
