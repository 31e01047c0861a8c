import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { formatPhoneNumber, toE164 } from '../contract/phone';
import { api, createAccount, signIn, type Account, toast } from './support/helpers';
import { caller, chooseNumber, step, telephonySystem } from './support/systems';

const INVITATION_LINK = /\/invitations\/[\w.~-]+/;

test('a telephony system is added, gets a number and shows active in settings @nojs', async ({ page, owner }) => {
  await owner();
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('systems-empty')).toContainText('No systems yet.');
  await page.getByRole('button', { name: 'Add business phone number' }).click();

  await expect(page).toHaveURL(/\/dashboard\/systems\/[\w-]+/);
  await expect(toast(page, 'System added.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Business phone number' })).toBeVisible();
  await expect(page.getByTestId('system-status')).toHaveText('requires setup');

  const number = step(page, 'number');
  await number.getByLabel('Country').selectOption('GB');
  await number.getByLabel('Area code').fill('20');
  await number.getByRole('button', { name: 'Search numbers' }).click();
  await expect(number.getByTestId('available-numbers')).toBeVisible();
  const chosen = await chooseNumber(number);
  expect(chosen).toMatch(/^020 7946/);

  await expect(page.getByTestId('system-phone-number')).toHaveText(chosen);
  await expect(page.getByTestId('system-status')).toHaveText('active');

  await page.goto('/dashboard/settings');
  const row = page.getByTestId('system-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('system-number')).toHaveText(chosen);
  await expect(row.getByTestId('system-status')).toHaveText('active');
  await row.getByRole('link', { name: /^Open/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Business phone number' })).toBeVisible();
});

test('a mobile system is set up to active with the test call @nojs', async ({ page, owner }) => {
  await owner();
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Add mobile forwarding' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile forwarding' })).toBeVisible();

  // The member's verified mobile is offered.
  const mobile = step(page, 'mobile');
  await expect(mobile.getByLabel('Mobile number')).toHaveValue(/^\+447700/);
  await mobile.getByRole('button', { name: 'Save mobile' }).click();
  await expect(step(page, 'mobile')).toHaveAttribute('data-status', 'done');

  const number = step(page, 'number');
  await number.getByLabel('Country').selectOption('GB');
  await number.getByLabel('Area code').fill('20');
  await number.getByRole('button', { name: 'Search numbers' }).click();
  const chosen = await chooseNumber(number);
  await expect(step(page, 'number')).toHaveAttribute('data-status', 'done');

  // Dial codes carry the number in E.164, as it is stored: no spaces, dialable from abroad.
  const dialled = toE164(chosen, 'GB');
  const forwarding = step(page, 'forwarding');
  await expect(forwarding.getByTestId('forwarding-codes')).toContainText(`**61*${dialled}#`);
  await expect(forwarding.getByTestId('forwarding-codes')).toContainText('##61#');
  await expect(forwarding.getByTestId('forwarding-codes')).toContainText('**67*');
  await expect(forwarding.getByTestId('forwarding-codes')).toContainText('**62*');
  await forwarding.getByRole('button', { name: 'I dialled the codes' }).click();
  await expect(step(page, 'forwarding')).toHaveAttribute('data-status', 'done');

  await step(page, 'verify').getByRole('button', { name: 'Place the test call' }).click();
  await expect(step(page, 'verify').getByTestId('verify-result')).toContainText('Forwarding works');
  await expect(page.getByTestId('system-status')).toHaveText('active');
});

test('phone settings are saved after the form says what is wrong, and unticked boxes stay off @nojs', async ({
  page,
  request,
  owner,
}) => {
  const { account, businessId } = await owner();
  const system = await telephonySystem(request, account, businessId);
  await page.goto(`/dashboard/systems/${system._id}`);
  const settings = page.locator('#settings');
  await expect(settings.getByLabel(/Text back missed calls/)).toBeChecked();
  await settings.getByLabel(/Text back missed calls/).uncheck();
  await settings.getByLabel('Text-back message').fill('Sorry {first_name}, we will call you back.');
  await settings.getByLabel('Transfer number').fill('12345');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText('Phone numbers must be in international format', { exact: false })).toBeVisible();
  await settings.getByLabel('Transfer number').fill('+442079460999');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();

  await page.reload();
  await expect(settings.getByLabel(/Text back missed calls/)).not.toBeChecked();
  await expect(settings.getByLabel(/Record calls/)).toBeChecked();
  await expect(settings.getByLabel('Text-back message')).toHaveValue('Sorry {first_name}, we will call you back.');
  await expect(settings.getByLabel('Transfer number')).toHaveValue('020 7946 0999');
  const stored = await api<{ configurations: { data: { settings: Record<string, unknown> } } }>(
    request,
    `businesses/systems/${businessId}/settings/${system._id}/get`,
    undefined,
    account.token,
  );
  expect(stored.configurations.data.settings).toMatchObject({
    missed_call_text_back: false,
    record_calls: true,
    transfer_number: '+442079460999',
  });
});

test('a system is deleted after confirming and restored from settings @nojs', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  // Glasgow's range, which no other test buys from: while the system is deleted its number is free, and a
  // parallel test taking it would make the restore (rightly) drop the number.
  const system = await telephonySystem(request, account, businessId, '141');
  await page.goto(`/dashboard/systems/${system._id}`);
  await page.getByRole('link', { name: 'Delete system' }).click();
  await page.getByRole('button', { name: 'Delete system' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?deleted_system=/);
  await expect(page.getByTestId('systems-empty')).toBeVisible();
  await page.getByTestId('undo-banner').getByRole('button', { name: 'Restore' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/systems/${system._id}`));
  await expect(page.getByTestId('system-status')).toHaveText('active');
});

test('the events list shows what the system did, with its outcome', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  const system = await telephonySystem(request, account, businessId);
  await api(
    request,
    `businesses/systems/${businessId}/settings/${system._id}/send-a-message`,
    { to: caller(), message: 'Hello' },
    account.token,
  );
  await page.goto(`/dashboard/systems/${system._id}`);
  const events = page.getByTestId('system-event');
  await expect(events.first()).toBeVisible();
  await expect(page.getByTestId('system-events')).toContainText('OK');
  expect(await events.count()).toBeGreaterThanOrEqual(2);
});

test('the systems list in settings reloads live when a system is added or set up elsewhere', async ({
  page,
  request,
  owner,
}) => {
  const { account, businessId } = await owner();
  await page.goto('/dashboard/settings');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await expect(page.getByTestId('systems-empty')).toBeVisible();

  const system = await telephonySystem(request, account, businessId);
  const row = page.locator(`[data-testid="system-row"][data-id="${system._id}"]`);
  await expect(row.getByTestId('system-status')).toHaveText('active');
  // Shown grouped as the numbering plan does (issue 22, item 28), never as raw E.164.
  await expect(row.getByTestId('system-number')).toHaveText(formatPhoneNumber(system.phone_number!, 'GB'));
});

/** A member who joined through the API with these permissions (the invitation read from the dev outbox). */
async function member(request: APIRequestContext, ownerAccount: Account, businessId: string, permissions: string[]) {
  const account = await createAccount(request);
  await api(
    request,
    `businesses/users/${businessId}/invite`,
    { email: account.email, permissions },
    ownerAccount.token,
  );
  let token: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = await api<{ messages: { to: string; body: string }[] }>(request, 'dev/outbox/list');
      token = messages
        .find((message) => message.to === account.email)
        ?.body.match(INVITATION_LINK)?.[0]
        .split('/')
        .pop();
      return token;
    })
    .toBeTruthy();
  await api(request, `businesses/users/${businessId}/accept`, { token }, account.token);
  return account;
}

test('members without systems/view are refused the system page; with view only they see it without the forms @nojs', async ({
  browser,
  request,
  owner,
}, testInfo) => {
  const { account, businessId } = await owner();
  const system = await telephonySystem(request, account, businessId);
  const nobody = await member(request, account, businessId, []);
  const viewer = await member(request, account, businessId, ['systems/view']);
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const other = await context.newPage();

  await signIn(other, nobody);
  const refused = await other.goto(`/dashboard/systems/${system._id}`);
  expect(refused?.status()).toBe(403);
  await expect(other.getByText('You do not have permission to view systems')).toBeVisible();
  await other.goto('/dashboard/settings');
  await expect(other.getByRole('heading', { name: 'Systems' })).toHaveCount(0);

  await other.context().clearCookies();
  await signIn(other, viewer);
  await other.goto('/dashboard/settings');
  await expect(other.getByTestId('system-row')).toHaveCount(1);
  await expect(other.getByTestId('add-system')).toHaveCount(0);
  await other.goto(`/dashboard/systems/${system._id}`);
  await expect(other.getByTestId('system-status')).toHaveText('active');
  await expect(other.getByRole('link', { name: 'Delete system' })).toHaveCount(0);
  await expect(other.locator('#call')).toHaveCount(0);
  await expect(other.locator('#simulator')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await context.close();
});
