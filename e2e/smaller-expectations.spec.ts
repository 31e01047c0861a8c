import { faker } from '@faker-js/faker';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from './support/helpers';

type Business = { _id: string; name: string };

async function v1<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const response = await request.post(`/api/v1/${path}`, {
    data: body ?? {},
    headers: { authorization: `Bearer ${token}` },
  });
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
  const call = <T>(path: string, body?: unknown) =>
    v1<T>(request, account.token, path.replace('{b}', business._id), body);
  return { account, business, call };
}

test('opening a notification marks it read: the bell stops counting it and it stays until dismissed @nojs', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { account, call } = await business(request);
  await call('businesses/notes/{b}/create', {
    body: 'Phone the plumber',
    reminder: new Date(Date.now() - 60_000).toISOString(),
  });
  await call('businesses/notes/{b}/create', {
    body: 'Pay the rent',
    reminder: new Date(Date.now() - 60_000).toISOString(),
  });
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
  await expect(drawer.getByTestId('notification').filter({ hasText: 'Phone the plumber' })).toHaveAttribute(
    'data-read',
    'true',
  );
  await expect(drawer.getByTestId('notification').filter({ hasText: 'Pay the rent' })).toHaveAttribute(
    'data-read',
    'false',
  );
});

test('a service repeats every 2 weeks: the unit is chosen in the form and shown on the page and the list @nojs', async ({
  page,
  request,
}, testInfo) => {
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

test('the "calls may be recorded" notice is off until ticked, and stays on once saved @nojs', async ({
  page,
  request,
}) => {
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
  const { business_settings } = await call<{ business_settings: { assistant: { recording_notice: boolean } } }>(
    `businesses/settings/${biz._id}/get`,
  );
  expect(business_settings.assistant.recording_notice).toBe(true);
});

test('the contact picker searches as you type and is worked by the keyboard; without JavaScript a find box narrows a short list @nojs', async ({
  page,
  request,
}, testInfo) => {
  const { account, call } = await business(request);
  const suffix = faker.string.alpha(5);
  const make = (first_name: string) =>
    call<{ customer: { _id: string; name: string } }>('businesses/customers/{b}/create', {
      first_name,
      last_name: suffix,
      status: 'lead',
    }).then((d) => d.customer);
  const adele = await make('Adele');
  const adrian = await make('Adrian');
  const bruno = await make('Bruno');
  await call('businesses/notes/{b}/create', { body: 'Adrian wants a quote', customer_id: adrian._id });
  await call('businesses/notes/{b}/create', { body: 'Bruno paid', customer_id: bruno._id });
  await signIn(page, account);
  await page.goto('/dashboard/home');
  const picker = page.getByTestId('contact-picker');

  if (testInfo.project.name === 'js') {
    await expect(picker).toHaveAttribute('data-enhanced', 'true');
    const box = page.getByRole('combobox', { name: 'Contact' });
    await box.fill('adr');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option')).toHaveText(['All contacts', adrian.name]);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /option-1$/);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`customer_id=${adrian._id}`));
    await expect(page.getByTestId('timeline-item')).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Contact' })).toHaveValue(adrian.name);
    // Escape closes the list and keeps the choice.
    await page.getByRole('combobox', { name: 'Contact' }).fill('bru');
    await expect(page.getByRole('listbox').getByRole('option', { name: bruno.name })).toBeVisible();
    await page.getByRole('combobox', { name: 'Contact' }).press('Escape');
    await expect(page.getByRole('combobox', { name: 'Contact' })).toHaveValue(adrian.name);
  } else {
    await page.getByLabel('Find a contact').fill('Ad');
    await page.getByRole('button', { name: 'Show' }).click();
    const select = page.getByLabel('Contact', { exact: true });
    await expect(select.locator('option')).toHaveText(['All contacts', adele.name, adrian.name]);
    await select.selectOption({ label: adrian.name });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`customer_id=${adrian._id}`));
    await expect(page.getByTestId('timeline-item')).toHaveCount(1);
  }
});

test('a contact card is dragged onto another column of the board, and its move buttons stay', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { account, call } = await business(request);
  const { customer } = await call<{ customer: { _id: string; name: string } }>('businesses/customers/{b}/create', {
    first_name: 'Dora',
    last_name: faker.string.alpha(6),
    status: 'lead',
  });
  await signIn(page, account);
  await page.goto('/dashboard/customers?view=board');
  const card = page.locator(`[data-testid="board-card"][data-id="${customer._id}"]`);
  await expect(page.locator('[data-testid="board-column"][data-status="lead"]').locator(card)).toBeVisible();
  await expect(card.getByRole('button', { name: /Move to Customer/ })).toBeVisible();
  // Hydrated: the card is draggable only once the board's handlers are attached.
  await expect(card).toHaveAttribute('draggable', 'true');
  await card.dragTo(page.locator('[data-testid="board-column"][data-status="customer"]'));
  await expect(page.locator('[data-testid="board-column"][data-status="customer"]').locator(card)).toBeVisible();
  await expect(card.getByRole('button', { name: /Move to Lead/ })).toBeVisible();
  const { customer: after } = await call<{ customer: { status: string } }>(
    `businesses/customers/{b}/get/${customer._id}`,
  );
  expect(after.status).toBe('customer');
});

/** A finished business with a sandbox number whose SMS the assistant answers (as e2e/inbox.spec.ts makes one). */
async function businessWithNumber(request: APIRequestContext) {
  const seeded = await business(request);
  const { system } = await seeded.call<{ system: { _id: string } }>('businesses/systems/{b}/create', {
    name: 'telephony',
  });
  const { available_numbers } = await seeded.call<{ available_numbers: { phone_number: string }[] }>(
    `businesses/systems/{b}/settings/${system._id}/list-available-numbers`,
    { country: 'GB', area_code: '20' },
  );
  for (const candidate of available_numbers) {
    try {
      await seeded.call(`businesses/systems/{b}/setup/${system._id}/submit`, {
        step: 'number',
        values: { phone_number: candidate.phone_number },
      });
      const textIn = (from: string, says: string) =>
        seeded.call(`businesses/systems/{b}/settings/${system._id}/simulate`, { kind: 'sms', from, says });
      return { ...seeded, textIn };
    } catch {
      continue;
    }
  }
  throw new Error('no sandbox number left');
}

const texter = () => `+4477009${String(Math.floor(Math.random() * 100000)).padStart(5, '0')}`;

test("the navigation's Inbox link shows the member's unread total, lowered by opening a thread and raised live by a new text @nojs", async ({
  page,
  request,
}, testInfo) => {
  const seeded = await businessWithNumber(request);
  const ann = texter();
  await seeded.textIn(ann, 'Do you clean gutters?');
  await seeded.textIn(texter(), 'Are you open on Sunday?');
  await signIn(page, seeded.account);
  await page.goto('/dashboard/home');
  await expect(page.getByTestId('navigation-unread')).toBeVisible();
  const nav = page.locator('[data-drawer="navigation"]');
  await nav.locator('summary').click();
  const inboxLink = nav.getByRole('link', { name: /^Inbox/ });
  await expect(inboxLink.getByTestId('nav-inbox-unread')).toHaveText('2 unread');

  await inboxLink.click();
  await page.getByTestId('inbox-thread').first().getByRole('link').click();
  await expect(page.getByTestId('inbox-open-thread')).toBeVisible();
  await nav.locator('summary').click();
  await expect(nav.getByRole('link', { name: /^Inbox/ }).getByTestId('nav-inbox-unread')).toHaveText('1 unread');

  if (testInfo.project.name === 'js') {
    await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);
    await seeded.textIn(texter(), 'Can I book for Friday?');
    await expect(nav.getByRole('link', { name: /^Inbox/ }).getByTestId('nav-inbox-unread')).toHaveText('2 unread');
  }
});
