import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, createAccount, signIn, type Account, toast } from './support/helpers';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A date a few days ahead (YYYY-MM-DD); the business is open 9 to 5 every day, so any date works. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A finished business open 9 to 5 every day, with one contact; the account is not signed in yet. */
async function business(request: APIRequestContext) {
  const account = await createAccount(request, { business: 'finished' });
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  const businessId = businesses[0]._id;
  await api(
    request,
    `businesses/settings/${businessId}/set`,
    {
      timezone: 'Europe/London',
      opening_hours: WEEKDAYS.map((day) => ({ day, open: true, slots: [{ start: '09:00', end: '17:00' }] })),
    },
    account.token,
  );
  const { customer } = await api<{ customer: { _id: string } }>(
    request,
    `businesses/customers/${businessId}/create`,
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      status: 'customer',
      emails: [`ada.${Date.now().toString(36)}@example.com`],
    },
    account.token,
  );
  return { account, businessId, customerId: customer._id };
}

test("a service's duration is set on its form, shown on its page, and an appointment for it lasts that long @nojs", async ({
  page,
  request,
}, testInfo) => {
  const { account, customerId } = await business(request);
  await signIn(page, account satisfies Account);
  await page.goto('/dashboard/services');
  await page.getByRole('link', { name: 'New service' }).click();
  const js = testInfo.project.name === 'js';
  const form = js ? page.getByRole('dialog', { name: 'New service' }) : page;

  await form.getByLabel('Name').fill('Haircut');
  await expect(form.getByLabel('Duration (minutes)')).toHaveValue('60');
  await form.getByLabel('Duration (minutes)').fill('an hour');
  await form.getByRole('button', { name: 'Create service' }).click();
  // Checked in the browser with JavaScript, by the server without it: the same message.
  await expect(form.getByText('Service duration must be a whole number of minutes from 5 to 1440.')).toBeVisible();
  await form.getByLabel('Duration (minutes)').fill('45');
  await form.getByRole('button', { name: 'Create service' }).click();
  await expect(page).toHaveURL(/\/dashboard\/services\/[\w-]+$/);
  await expect(toast(page, 'Service created.')).toBeVisible();
  await expect(page.getByText('45 min')).toBeVisible();

  const date = dayAhead(3);
  await page.goto('/dashboard/appointments');
  const book = page.getByTestId('appointment-create-form');
  await book.getByLabel('Contact', { exact: true }).selectOption(customerId);
  await book.getByLabel('Service (optional)').selectOption({ label: 'Haircut (45 min)' });
  await book.getByLabel('Starts', { exact: true }).fill(`${date}T10:00`);
  await book.getByRole('button', { name: 'Book appointment' }).click();
  await expect(toast(page, 'Appointment booked.')).toBeVisible();
  await expect(page.getByTestId('appointment-row')).toContainText('10:00 – 10:45');
});

test('an appointment booked in one browser appears in another open on the appointments page without a reload', async ({
  browser,
  request,
}, testInfo) => {
  const { account, customerId } = await business(request);
  const options = { baseURL: testInfo.project.use.baseURL };
  const first = await (await browser.newContext(options)).newPage();
  const second = await (await browser.newContext(options)).newPage();
  await signIn(first, account);
  await signIn(second, account);
  await second.goto('/dashboard/appointments');
  await expect(second.getByTestId('appointments-empty')).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const reloads: string[] = [];
  second.on('framenavigated', (frame) => {
    if (frame === second.mainFrame()) reloads.push(frame.url());
  });

  await first.goto('/dashboard/appointments');
  const book = first.getByTestId('appointment-create-form');
  await book.getByLabel('Contact', { exact: true }).selectOption(customerId);
  await book.getByLabel('Starts', { exact: true }).fill(`${dayAhead(2)}T11:00`);
  await book.getByRole('button', { name: 'Book appointment' }).click();
  await expect(toast(first, 'Appointment booked.')).toBeVisible();

  await expect(second.getByTestId('appointment-row')).toContainText('11:00 – 12:00');
  await expect(second.getByTestId('appointment-row')).toContainText('Ada Lovelace');

  // Cancelled elsewhere: it leaves the other browser's upcoming list as cancelled.
  await first.getByTestId('appointment-row').getByRole('link').click();
  await first.getByTestId('appointment-cancel-form').getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toast(first, 'Appointment cancelled.')).toBeVisible();
  await expect(second.getByTestId('appointment-row')).toContainText('Cancelled');
  expect(reloads).toEqual([]);
});
