import { faker } from '@faker-js/faker';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pickContact } from './support/contact-picker';
import { createAccount, signIn, uniqueEmail } from './support/helpers';

type Note = { _id: string; body: string };
type Business = { _id: string; name: string; timezone: string };

async function v1<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const response = await request.post(`/api/v1/${path}`, {
    data: body ?? {},
    headers: { authorization: `Bearer ${token}` },
  });
  const payload = await response.json();
  if (!response.ok()) throw new Error(`${path} failed (${response.status()}): ${JSON.stringify(payload)}`);
  return payload.data as T;
}

/** A signed-up user whose one business (wizard finished) runs on the given timezone. */
async function businessIn(request: APIRequestContext, timezone: string) {
  const account = await createAccount(request, { mobile: true });
  const { business } = await v1<{ business: Business }>(request, account.token, 'businesses/create', {
    name: `${faker.company.name()} ${faker.string.alphanumeric(4)}`,
    email: uniqueEmail('biz'),
    country: 'GB',
    telephones: ['+442071234567'],
    timezone,
  });
  await v1(request, account.token, `businesses/completed-test/${business._id}`);
  const note = (body: Record<string, unknown>) =>
    v1<{ note: Note }>(request, account.token, `businesses/notes/${business._id}/create`, body).then((d) => d.note);
  const customer = (first_name: string) =>
    v1<{ customer: { _id: string; name: string } }>(
      request,
      account.token,
      `businesses/customers/${business._id}/create`,
      { first_name, status: 'lead' },
    ).then((d) => d.customer);
  return { account, business, note, customer };
}

/** What a datetime-local input shows for this instant on the business's wall clock. */
function wallClock(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

const row = (page: Page, text: string) => page.getByTestId('timeline-item').filter({ hasText: text });
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

test('home lists the merged timeline with the spec labels, cut at 30 characters, and narrows to one contact @nojs', async ({
  page,
  request,
}, testInfo) => {
  const { account, business, note, customer } = await businessIn(request, 'Europe/London');
  const ada = await customer(`Ada${faker.string.alpha(5)}`);
  const bo = await customer(`Bo${faker.string.alpha(5)}`);
  await note({ body: 'Ada prefers calls after lunch on weekdays only', customer_id: ada._id });
  await note({ body: 'Answer in French when asked', customer_id: null });
  await note({ body: 'Check the van tyres', internal: true });
  await note({ body: 'Send Bo the quote', customer_id: bo._id, reminder: minutes(60) });
  await note({ body: 'Chase Bo for payment', customer_id: bo._id, reminder: minutes(-5) });
  await note({ body: 'Water the office plants', reminder: minutes(-5), repeat: { every: 'week', interval: 1 } });
  const done = await note({ body: 'Renew the insurance', reminder: minutes(-10) });
  await v1(request, account.token, `businesses/notes/${business._id}/update/${done._id}`, { completed: true });

  await signIn(page, account);
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Recents' })).toBeVisible();
  const expectLabel = (text: string, label: string) =>
    expect(row(page, text).getByTestId('item-label')).toHaveText(label);
  await expectLabel('Ada prefers', 'Note to self');
  await expectLabel('Answer in French', 'Note to Assistant');
  await expectLabel('Check the van tyres', 'Task');
  await expectLabel('Send Bo the quote', 'Task');
  await expectLabel('Chase Bo for payment', 'Overdue Task');
  // Once due, the scheduler (every 10 s) may already have made the next weekly occurrence,
  // a "Repeated Task" with the same text: the overdue one must be there either way.
  await expect(
    row(page, 'Water the office plants')
      .getByTestId('item-label')
      .filter({ hasText: /^Overdue Repeated Task$/ }),
  ).toHaveCount(1);
  await expectLabel('Renew the insurance', 'Complete Task');
  // Lists cut text at the spec's 30 characters; the item's page shows all of it.
  await expect(row(page, 'Ada prefers').getByTestId('item-text')).toHaveText('Ada prefers calls after lunch…');
  await expect(row(page, 'Ada prefers').getByTestId('item-customer')).toHaveText(ada.name);

  await pickContact(page, 'Contact', bo.name, testInfo.project.name === 'js');
  if (testInfo.project.name === 'no-js') await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`customer_id=${bo._id}`));
  await expect(page.getByTestId('timeline-item')).toHaveCount(2);
  await expect(row(page, 'Chase Bo for payment')).toBeVisible();

  await row(page, 'Chase Bo for payment').getByRole('link').click();
  await expect(page.getByTestId('note-body')).toHaveText('Chase Bo for payment');
});

test('a new business with nothing yet shows the empty state on home', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/home');
  await expect(page.getByTestId('recents-empty')).toContainText('Nothing here yet.');
});

test('a task entered on the business clock becomes overdue and is completed @nojs', async ({ page, request }) => {
  test.setTimeout(60_000);
  // Tokyo is nine hours ahead of UTC: a reminder read in the wrong zone would be far off.
  const timeZone = 'Asia/Tokyo';
  const { account, business, note } = await businessIn(request, timeZone);
  await signIn(page, account);

  // Entered through the form a minute in the past on the business's wall clock: overdue at once.
  const past = new Date(Date.now() - 60_000);
  await page.goto('/dashboard/notes/new?task=1');
  await page.getByLabel('Note', { exact: true }).fill('Ring the plumber about the boiler');
  await page.getByLabel('Reminder').fill(wallClock(past, timeZone));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note created.' })).toBeVisible();
  await expect(page.getByTestId('item-label')).toHaveText('Overdue Task');
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(past);
  await expect(page.getByTestId('note-reminder')).toHaveText(shown);

  // Due in a few seconds: a Task now, an Overdue Task once the reminder has passed.
  const soon = await note({ body: 'Call Mrs Patel back', reminder: new Date(Date.now() + 4_000).toISOString() });
  await page.goto(`/dashboard/notes/${soon._id}`);
  await expect(page.getByTestId('item-label')).toHaveText('Task');
  await page.waitForTimeout(4_500);
  await page.goto('/dashboard/notes?show=open');
  await expect(row(page, 'Call Mrs Patel back').getByTestId('item-label')).toHaveText('Overdue Task');
  await row(page, 'Call Mrs Patel back').getByRole('link').click();
  await page.getByRole('button', { name: 'Complete task' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Task completed.' })).toBeVisible();
  await expect(page.getByTestId('item-label')).toHaveText('Complete Task');
  // Completed tasks leave the open-tasks view but stay on home.
  await page.goto('/dashboard/notes?show=open');
  await expect(row(page, 'Call Mrs Patel back')).toHaveCount(0);
  await page.goto('/dashboard/home');
  await expect(row(page, 'Call Mrs Patel back').getByTestId('item-label')).toHaveText('Complete Task');
  expect(business.timezone).toBe(timeZone);
});

test('notes are edited, deleted after a confirmation and restored @nojs', async ({ page, request }) => {
  const { account, note } = await businessIn(request, 'Europe/London');
  const written = await note({ body: 'Gate code is 4512' });
  await signIn(page, account);
  await page.goto(`/dashboard/notes/${written._id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  // Blank (not empty, which the browser itself refuses without JavaScript): the server's message.
  await page.getByLabel('Note', { exact: true }).fill('   ');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Note content is required.')).toBeVisible();
  await page.getByLabel('Note', { exact: true }).fill('Gate code is 4513');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note updated.' })).toBeVisible();
  await expect(page.getByTestId('note-body')).toHaveText('Gate code is 4513');

  await page.getByRole('link', { name: 'Delete note' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Delete this note?');
  await page.getByRole('button', { name: 'Delete note' }).click();
  await expect(page).toHaveURL(/\/dashboard\/notes\?deleted=/);
  await expect(page.getByRole('status').filter({ hasText: 'Note deleted.' })).toBeVisible();
  await expect(row(page, 'Gate code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note restored.' })).toBeVisible();
  await expect(page.getByTestId('note-body')).toHaveText('Gate code is 4513');
});

test('the timeline updates live in a second browser when a note is written in the first', async ({
  browser,
  request,
}, testInfo) => {
  const { account } = await businessIn(request, 'Europe/London');
  const options = { baseURL: testInfo.project.use.baseURL };
  const writer = await (await browser.newContext(options)).newPage();
  const watcher = await (await browser.newContext(options)).newPage();
  await signIn(writer, account);
  await signIn(watcher, account);
  await watcher.goto('/dashboard/home');
  await expect(watcher.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await expect(watcher.getByTestId('recents-empty')).toBeVisible();
  const reloads: string[] = [];
  watcher.on('framenavigated', (frame) => {
    if (frame === watcher.mainFrame()) reloads.push(frame.url());
  });

  await writer.goto('/dashboard/notes/new');
  await writer.getByLabel('Note', { exact: true }).fill('Live from the other browser');
  await writer.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(writer.getByRole('status').filter({ hasText: 'Note created.' })).toBeVisible();

  await expect(row(watcher, 'Live from the other browser').getByTestId('item-label')).toHaveText('Note to Assistant');

  // A delete in the first browser takes it off the second one's timeline too.
  await writer.getByRole('link', { name: 'Delete note' }).click();
  await writer.getByRole('button', { name: 'Delete note' }).click();
  await expect(writer.getByRole('status').filter({ hasText: 'Note deleted.' })).toBeVisible();
  await expect(row(watcher, 'Live from the other browser')).toHaveCount(0);
  await expect(watcher.getByTestId('recents-empty')).toBeVisible();
  expect(reloads).toEqual([]);
});

test('due task reminders notify, grouped by contact, and a whole group is dismissed at once @nojs', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const { account, note, customer } = await businessIn(request, 'Europe/London');
  const cleo = await customer(`Cleo${faker.string.alpha(5)}`);
  await note({ body: 'Send Cleo the invoice', customer_id: cleo._id, reminder: minutes(-2) });
  await note({ body: 'Book Cleo a visit', customer_id: cleo._id, reminder: minutes(-1) });
  await note({ body: 'Order more paper', reminder: minutes(-1) });
  await signIn(page, account);

  // The scheduler inside the server picks the due reminders up on its next tick.
  const drawer = page.locator('[data-drawer="notifications"]');
  await expect
    .poll(
      async () => {
        await page.goto('/dashboard/home');
        return drawer.getByTestId('notification').count();
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(3);
  await expect(drawer.getByTestId('notifications-count')).toHaveText('3');

  await drawer.locator('summary').click();
  const group = drawer.getByTestId('notification-group').filter({ hasText: cleo.name });
  await expect(group.getByTestId('notification')).toHaveCount(2);
  await expect(group.getByTestId('notification').first().locator('time')).toContainText('Today');
  await group.getByRole('button', { name: 'Dismiss all (2)' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(drawer.getByTestId('notification-group').filter({ hasText: cleo.name })).toHaveCount(0);
  await expect(drawer.getByTestId('notification')).toHaveCount(1);

  // The one left links to its task and can be dismissed on its own. (Without JavaScript the
  // dismissal reloaded the page, so the drawer is closed again.)
  if (testInfo.project.name === 'no-js') await drawer.locator('summary').click();
  const last = drawer.getByTestId('notification');
  await last.getByTestId('notification-open').click();
  await expect(page.getByTestId('note-body')).toHaveText('Order more paper');
  await drawer.locator('summary').click();
  await drawer.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(drawer.getByTestId('notification')).toHaveCount(0);
  await expect(drawer.getByTestId('notifications-count')).toHaveCount(0);
});
