import { expect, test } from './support/fixtures';
import { seedCustomer } from './support/seed';
import { api, toast } from './support/helpers';

test('a contact is created with phones, an email and an address, after the form says what is missing @nojs', async ({
  page,
  owner,
}, testInfo) => {
  await owner();
  await page.goto('/dashboard/customers');
  await expect(page.getByTestId('customers-empty')).toContainText('No contacts yet.');
  await page.getByRole('link', { name: 'New contact' }).click();

  const dialog = page.getByRole('dialog', { name: 'New contact' });
  // With JavaScript the form is a dialog over the list (whose filter has a Status too).
  const form = testInfo.project.name === 'js' ? dialog : page;
  if (testInfo.project.name === 'js') {
    // With JavaScript the form checks itself before anything is sent.
    await expect(dialog).toBeVisible();
    await page.getByRole('button', { name: 'Create contact' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await page.getByLabel('Phone number 1', { exact: true }).fill('12345');
    await page.getByLabel('First name').fill('Ada');
    await page.getByRole('button', { name: 'Create contact' }).click();
    await expect(
      page.getByText('Phone numbers must be in international format, E.164 format (e.g. +14155552671).'),
    ).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/dashboard\/customers\/new$/);
  }

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Status').selectOption('customer');
  await page.getByLabel('Phone number 1', { exact: true }).fill('+442071234567');
  // Adding a row is a form intent: in place with JavaScript, a round trip without it.
  await page.getByRole('button', { name: 'Add another number' }).click();
  await page.getByLabel('Phone number 2', { exact: true }).fill('+447700900111');
  await page.getByLabel('Email 1', { exact: true }).fill('Ada@Example.com');
  await page.getByLabel('Street').fill('12 St James Square');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postcode').fill('SW1Y 4LB');
  await page.getByRole('button', { name: 'Create contact' }).click();

  await expect(page).toHaveURL(/\/dashboard\/customers\/[\w-]+$/);
  await expect(toast(page, 'Contact created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByTestId('customer-status').first()).toHaveText('Customer');
  // Numbers are stored in E.164 and shown as the business's country reads them (national for its own).
  await expect(page.getByText('020 7123 4567')).toBeVisible();
  await expect(page.getByText('07700 900111')).toBeVisible();
  await expect(page.getByText('ada@example.com')).toBeVisible();
  await expect(page.getByText('12 St James Square, London, SW1Y 4LB')).toBeVisible();
});

test('pressing Enter in the contact form saves it rather than adding a list row @nojs', async ({ page, owner }) => {
  await owner();
  await page.goto('/dashboard/customers/new');
  await page.getByLabel('First name').fill('Enter');
  await page.getByLabel('First name').press('Enter');
  await expect(toast(page, 'Contact created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter' })).toBeVisible();
});

test('the address finder suggests what was typed and fills the address fields @nojs', async ({ page, owner }) => {
  await owner();
  await page.goto('/dashboard/customers/new');
  await page.getByLabel('Find an address').fill('10 Downing St, London SW1A 2AA, UK');
  await page.getByRole('button', { name: 'Find' }).click();
  const suggestion = page.getByRole('list', { name: 'Address suggestions' }).getByRole('button').first();
  await expect(suggestion).toContainText('10 Downing St');
  await suggestion.click();
  await expect(page.getByLabel('Street')).toHaveValue('10 Downing St');
  await expect(page.getByLabel('City')).toHaveValue('London');
  await expect(page.getByLabel('Postcode')).toHaveValue('SW1A 2AA');
  await page.getByLabel('First name').fill('Larry');
  await page.getByRole('button', { name: 'Create contact' }).click();
  await expect(toast(page, 'Contact created.')).toBeVisible();
  await expect(page.getByText(/10 Downing St, London/)).toBeVisible();
});

test('a contact is edited from the list and the list shows the change @nojs', async ({
  page,
  request,
  owner,
}, testInfo) => {
  const { account, businessId } = await owner();
  await seedCustomer(request, account, businessId, {
    first_name: 'Grace',
    last_name: 'Hopper',
    phones: ['+14155550100'],
  });
  await page.goto('/dashboard/customers');
  await page.getByRole('link', { name: 'Edit Grace Hopper' }).click();
  // With JavaScript the form is a dialog over the list (whose filter has a Status too).
  const form = testInfo.project.name === 'js' ? page.getByRole('dialog', { name: 'Edit Grace Hopper' }) : page;
  if (testInfo.project.name !== 'js') await expect(page).toHaveURL(/\/edit\?back=/);
  await expect(form.getByLabel('Phone number 1', { exact: true })).toHaveValue('+1 415 555 0100');
  await form.getByLabel('Last name').fill('Brewster Hopper');
  await form.getByLabel('Status').selectOption('customer');
  await form.getByRole('button', { name: 'Save contact' }).click();
  await expect(toast(page, 'Contact updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/customers$/);
  const row = page.getByTestId('customer-row').filter({ hasText: 'Grace Brewster Hopper' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('customer-status')).toHaveText('Customer');
});

test('Edit on a contact deleted since the list was read says so in the dialog, and the list stays', async ({
  page,
  request,
  owner,
}) => {
  const { account, businessId } = await owner();
  const gone = await seedCustomer(request, account, businessId, { first_name: 'Grace', last_name: 'Hopper' });
  await seedCustomer(request, account, businessId, { first_name: 'Ada', last_name: 'Lovelace' });
  // No live updates in this browser: the list stays as it was read, as in the moment before
  // the deletion's event arrives.
  await page.routeWebSocket(/\/app\//, () => {});
  await page.goto('/dashboard/customers');
  await expect(page.getByTestId('customer-row')).toHaveCount(2);
  await api(request, `businesses/customers/${businessId}/delete/${gone._id}`, {}, account.token);

  await page.getByRole('link', { name: 'Edit Grace Hopper' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Grace Hopper' });
  await expect(dialog.getByRole('alert')).toHaveText(/This contact was deleted\./);
  await expect(dialog.getByRole('link', { name: 'Recently deleted' })).toBeVisible();
  await expect(page.getByTestId('customer-row')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('deleting a contact asks for confirmation, and the undo restores it @nojs', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  const customer = await seedCustomer(request, account, businessId, { first_name: 'Alan', last_name: 'Turing' });
  await page.goto(`/dashboard/customers/${customer._id}`);
  await page.getByRole('link', { name: 'Delete contact' }).click();
  await expect(page.getByText('Delete Alan Turing?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete contact' }).click();

  await expect(page).toHaveURL(/\/dashboard\/customers\?deleted=/);
  await expect(toast(page, 'Contact deleted.')).toBeVisible();
  await expect(page.getByTestId('customers-empty')).toBeVisible();
  await page.getByTestId('undo-banner').getByRole('button', { name: 'Restore' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${customer._id}$`));
  await expect(toast(page, 'Contact restored.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Alan Turing' })).toBeVisible();
});

test('a contact is deleted from its row in the list, after its confirmation, and the others stay @nojs', async ({
  page,
  request,
  owner,
}, testInfo) => {
  const { account, businessId } = await owner();
  await seedCustomer(request, account, businessId, { first_name: 'Ada', last_name: 'Lovelace' });
  await seedCustomer(request, account, businessId, { first_name: 'Alan', last_name: 'Turing' });
  await page.goto('/dashboard/customers');
  await page.getByRole('link', { name: 'Delete Alan Turing' }).click();
  // With JavaScript the confirmation is the list's dialog; without, the contact's page asks.
  const confirm = testInfo.project.name === 'js' ? page.getByRole('dialog', { name: 'Delete contact' }) : page;
  if (testInfo.project.name !== 'js') await expect(page).toHaveURL(/\?confirm=delete$/);
  await expect(confirm.getByText('Delete Alan Turing?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete contact' }).click();

  await expect(page).toHaveURL(/\/dashboard\/customers\?deleted=/);
  await expect(toast(page, 'Contact deleted.')).toBeVisible();
  const rows = page.getByTestId('customer-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Ada Lovelace');
});

test('two contacts with the same phone are flagged and merged, keeping both timelines @nojs', async ({
  page,
  request,
  owner,
}) => {
  const { account, businessId } = await owner();
  const kept = await seedCustomer(request, account, businessId, {
    first_name: 'Marie',
    last_name: 'Curie',
    phones: ['+33140510000'],
    emails: ['marie@example.com'],
  });
  const other = await seedCustomer(request, account, businessId, {
    first_name: 'M.',
    last_name: 'Sklodowska',
    phones: ['+33140510000'],
    emails: ['ms@example.com'],
  });
  await api(
    request,
    `businesses/notes/${businessId}/create`,
    { body: 'Asked about radium', customer_id: kept._id },
    account.token,
  );
  await api(
    request,
    `businesses/notes/${businessId}/create`,
    { body: 'Prefers mornings', customer_id: other._id },
    account.token,
  );

  await page.goto('/dashboard/customers');
  const row = page.locator(`[data-testid="customer-row"][data-id="${kept._id}"]`);
  await expect(row.getByTestId('duplicates')).toContainText('Possible duplicate of M. Sklodowska (same phone number)');
  await row.getByRole('link', { name: 'Merge' }).click();

  await expect(page.getByRole('heading', { name: 'Merge contacts' })).toBeVisible();
  await page.getByLabel('Keep Marie Curie').check();
  await page.getByRole('button', { name: 'Merge contacts' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${kept._id}$`));
  await expect(toast(page, 'Contacts merged.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Marie Curie' })).toBeVisible();
  await expect(page.getByText('ms@example.com')).toBeVisible();
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toContainText('Asked about radium');
  await expect(timeline).toContainText('Prefers mornings');
  await expect(page.getByTestId('duplicates')).toHaveCount(0);

  await page.goto('/dashboard/customers');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
});

test('a note is added on the contact page and shows in its timeline @nojs', async ({
  page,
  request,
  owner,
}, testInfo) => {
  const { account, businessId } = await owner();
  const customer = await seedCustomer(request, account, businessId, { first_name: 'Katherine', last_name: 'Johnson' });
  await page.goto(`/dashboard/customers/${customer._id}`);
  await expect(page.getByTestId('customer-timeline-empty')).toBeVisible();
  await page.getByText('Add a note or task').click();
  if (testInfo.project.name === 'js') {
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Note content is required.')).toBeVisible();
  }
  await page.getByLabel('Note').fill('Call back about orbits');
  await page.getByRole('button', { name: 'Add note' }).click();

  await expect(toast(page, 'Note created.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${customer._id}$`));
  const item = page.getByTestId('timeline-item').filter({ hasText: 'Call back about orbits' });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('item-label')).toHaveText('Note to self');
});

test('contacts are searched, filtered by status and shown on a board in the CRM order @nojs', async ({
  page,
  request,
  owner,
}) => {
  const { account, businessId } = await owner();
  await seedCustomer(request, account, businessId, { first_name: 'Lead', last_name: 'Larsen', status: 'lead' });
  await seedCustomer(request, account, businessId, {
    first_name: 'Cust',
    last_name: 'Carter',
    status: 'customer',
    emails: ['carter@example.com'],
  });
  await seedCustomer(request, account, businessId, { first_name: 'Idle', last_name: 'Ives', status: 'inactive' });

  await page.goto('/dashboard/customers');
  await expect(page.getByTestId('customer-row')).toHaveCount(3);
  await page.getByLabel('Search').fill('carter@');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('Cust Carter');

  await page.goto('/dashboard/customers?status=inactive');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('Idle Ives');

  await page.goto('/dashboard/customers?view=board');
  const columns = page.getByTestId('board-column');
  await expect(columns).toHaveCount(3);
  await expect(columns.nth(0)).toHaveAttribute('data-status', 'lead');
  // Reordering the columns stores the business's CRM order.
  await page.getByRole('button', { name: 'Move Lead column right' }).click();
  await expect(columns.nth(0)).toHaveAttribute('data-status', 'customer');
  await expect(columns.nth(1)).toHaveAttribute('data-status', 'lead');
  // Moving a card changes the contact's status.
  await page.getByRole('button', { name: 'Move to Customer (Lead Larsen)' }).click();
  await expect(toast(page, 'Contact updated.')).toBeVisible();
  await expect(page.locator('[data-testid="board-column"][data-status="customer"]')).toContainText('Lead Larsen');
});

test('a contact that is not in the business shows the not-found page', async ({ page, owner }) => {
  await owner();
  const response = await page.goto('/dashboard/customers/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
