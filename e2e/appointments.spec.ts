import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, createAccount, signIn, toast } from './support/helpers';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A date a few days ahead (YYYY-MM-DD); the business is open 9 to 5 every day, so any date works. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function owner(page: Page, request: APIRequestContext) {
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
  const email = `ada.${Date.now().toString(36)}@example.com`;
  const { customer } = await api<{ customer: { _id: string } }>(
    request,
    `businesses/customers/${businessId}/create`,
    { first_name: 'Ada', last_name: 'Lovelace', status: 'customer', emails: [email] },
    account.token,
  );
  await signIn(page, account);
  return { account, businessId, customerId: customer._id, email };
}

test('an appointment is booked, refused over another, moved and cancelled, and the calendar feed is made and turned off @nojs', async ({
  page,
  request,
}) => {
  const { customerId, email } = await owner(page, request);
  const date = dayAhead(3);

  await page.goto('/dashboard/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByTestId('appointments-empty')).toContainText('No upcoming appointments.');
  await expect(page.locator('a[href="/dashboard/appointments"]').first()).toBeAttached();

  const book = page.getByTestId('appointment-create-form');
  await book.getByLabel('Contact', { exact: true }).selectOption(customerId);
  await book.getByLabel('Starts', { exact: true }).fill(`${date}T10:00`);
  await book.getByLabel('Notes (optional)').fill('First visit');
  await book.getByRole('button', { name: 'Book appointment' }).click();
  await expect(toast(page, 'Appointment booked.')).toBeVisible();
  await expect(toast(page, `Ada Lovelace was told by email (${email}).`)).toBeVisible();
  await expect(page.getByTestId('appointment-row')).toHaveCount(1);
  await expect(page.getByTestId('appointment-row')).toContainText('10:00 – 11:00');
  await expect(page.getByTestId('appointment-row')).toContainText('Ada Lovelace');

  // The contact's page lists it, linked to the appointment.
  await page.goto(`/dashboard/customers/${customerId}`);
  const upcoming = page.getByTestId('customer-appointments');
  await expect(upcoming).toContainText('Upcoming appointments');
  await expect(upcoming.locator('a[href^="/dashboard/appointments/"]')).toHaveCount(1);
  await page.goto('/dashboard/appointments');

  // The same time again is refused in place, with the choices kept.
  await book.getByLabel('Contact', { exact: true }).selectOption(customerId);
  await book.getByLabel('Starts', { exact: true }).fill(`${date}T10:30`);
  await book.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText(/That time overlaps another appointment \(Ada Lovelace, 10am to 11am on/)).toBeVisible();
  await expect(page.getByTestId('appointment-row')).toHaveCount(1);

  // Outside the opening hours: said beside the start.
  await book.getByLabel('Contact', { exact: true }).selectOption(customerId);
  await book.getByLabel('Starts', { exact: true }).fill(`${date}T18:00`);
  await book.getByRole('button', { name: 'Book appointment' }).click();
  await expect(
    page.getByText(/That time is outside the opening hours \(.*: 9am to 5pm\)\. Choose a time within them\./),
  ).toBeVisible();

  await page.getByTestId('appointment-row').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/appointments\/[\w-]+$/);
  await expect(page.getByTestId('appointment-status')).toHaveText('Booked');
  const edit = page.getByTestId('appointment-edit-form');
  await expect(edit.getByLabel('Starts', { exact: true })).toHaveValue(`${date}T10:00`);
  await edit.getByLabel('Starts', { exact: true }).fill(`${date}T14:00`);
  await edit.getByLabel('Ends (optional)').fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Appointment updated.')).toBeVisible();
  await expect(page.getByTestId('appointment-when')).toContainText('14:00 – 15:00');

  await page.getByTestId('appointment-cancel-form').getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(toast(page, 'Appointment cancelled.')).toBeVisible();
  await expect(page.getByTestId('appointment-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('appointment-edit-form')).toHaveCount(0);

  await page.goto('/dashboard/appointments');
  const feed = page.getByTestId('calendar-feed');
  await expect(feed.getByTestId('feed-state')).toHaveText('You have no feed address.');
  await feed.getByRole('button', { name: 'Make my feed address' }).click();
  const address = await page.getByTestId('feed-url').inputValue();
  expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
  const path = new URL(address).pathname;
  const calendar = await request.get(path);
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await calendar.text();
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toContain('STATUS:CANCELLED');

  await page.getByRole('button', { name: 'Turn off the feed' }).click();
  await expect(toast(page, 'Your calendar feed address no longer works.')).toBeVisible();
  await expect(page.getByTestId('feed-state')).toHaveText('You have no feed address.');
  expect((await request.get(path)).status()).toBe(404);
});
