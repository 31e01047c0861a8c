import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { toast } from './support/helpers';
import { simulate, telephonySystem } from './support/systems';

const row = (page: Page, key: string) => page.locator(`[data-testid="action-row"][data-key="${key}"]`);

/** Two different callers from the fictional range. */
function callers(): [string, string] {
  const first = Math.floor(Math.random() * 50);
  const number = (n: number) => `+4411749600${String(n).padStart(2, '0')}`;
  return [number(first), number(first + 50)];
}

/** Play a missed call through the system page's simulator. */
async function simulateMissedCall(page: Page, systemId: string, from: string) {
  await simulate(page, systemId, { kind: 'Missed call', from });
  await expect(page.getByTestId('simulation-result')).toBeVisible();
}

test('the missed-call action is paused and enabled from the list; enabled, a missed call is texted back on the timeline @nojs', async ({
  page,
  request,
  owner,
}, testInfo) => {
  const { account, businessId } = await owner();
  const system = await telephonySystem(request, account, businessId);
  const [first, second] = callers();

  // The first visit installs the ready-made actions: the missed-call text-back is on.
  await page.goto('/dashboard/actions');
  const missed = row(page, 'missed_call_text_back');
  await expect(missed.getByRole('link', { name: 'Text back missed calls' })).toBeVisible();
  await expect(missed.getByTestId('action-status')).toHaveText('Active');
  await expect(missed.getByTestId('action-when')).toHaveText('Immediately after a missed call or voicemail');
  await expect(row(page, 'unconfirmed_order_reminder').getByTestId('action-status')).toHaveText('Paused');

  await missed.getByRole('button', { name: 'Pause Text back missed calls' }).click();
  await expect(toast(page, 'Action updated.')).toBeVisible();
  await expect(missed.getByTestId('action-status')).toHaveText('Paused');

  // Paused: a missed call gets no text-back.
  await simulateMissedCall(page, system._id, first);
  await page.goto('/dashboard/sms');
  await expect(page.getByRole('main').getByText('Sorry we missed your call')).toHaveCount(0);

  // Its editor previews the message it sends: the phone system's text-back, for a sample customer.
  await page.goto('/dashboard/actions');
  await missed.getByRole('link', { name: 'Text back missed calls' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Text back missed calls' })).toBeVisible();
  if (testInfo.project.name !== 'js') await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('action-preview-text')).toContainText('Sorry we missed your call');

  await page.goto('/dashboard/actions');
  await missed.getByRole('button', { name: 'Enable Text back missed calls' }).click();
  await expect(toast(page, 'Action updated.')).toBeVisible();
  await expect(missed.getByTestId('action-status')).toHaveText('Active');

  await simulateMissedCall(page, system._id, second);
  await page.goto('/dashboard/home');
  await expect(page.getByTestId('timeline-item').filter({ hasText: 'Sorry we missed your call' })).toHaveCount(1);

  // The run is in the action's history, with the caller.
  await page.goto('/dashboard/actions');
  await expect(missed.getByTestId('action-last-run')).not.toHaveText('Never');
  await missed.getByRole('link', { name: 'Text back missed calls' }).click();
  const runs = page.getByTestId('action-run');
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toHaveAttribute('data-status', 'done');
  await expect(runs.first()).toContainText(second);
});

test('an action is created after the form says what is wrong, previews its message, and is deleted and restored @nojs', async ({
  page,
  owner,
}, testInfo) => {
  const { businessName } = await owner();
  await page.goto('/dashboard/actions');
  await page.getByRole('link', { name: 'New action' }).click();
  await expect(page).toHaveURL(/\/dashboard\/actions\/new$/);

  const js = testInfo.project.name === 'js';
  if (js) {
    // With JavaScript the form checks itself before anything is sent.
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Create action' }).click();
    await expect(page.getByText('Action name is required.')).toBeVisible();
  }
  await page.getByLabel('Name').fill('Chase quotes');
  await page.getByLabel('Interval', { exact: true }).fill('fortnightly');
  await page.getByLabel('Trigger').selectOption('new_lead');
  await page.getByLabel('What the assistant does').selectOption('send_sms');
  await page.getByLabel('Message').fill('Hi {first_name}, any questions about your quote from {business_name}?');
  await page.getByRole('button', { name: 'Create action' }).click();
  await expect(page.getByText('Action interval must be like')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Chase quotes');

  await page.getByLabel('Interval', { exact: true }).fill('3 days');
  // Live with JavaScript; the Preview button without.
  if (!js) await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('action-preview-text')).toHaveText(
    new RegExp(
      `^Hi \\w+, any questions about your quote from ${businessName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?$`,
    ),
  );
  await expect(page.getByLabel('Interval', { exact: true })).toHaveValue('3 days');

  await page.getByRole('button', { name: 'Create action' }).click();
  await expect(page).toHaveURL(/\/dashboard\/actions\/[\w-]+$/);
  await expect(toast(page, 'Action created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Chase quotes' })).toBeVisible();
  await expect(page.getByTestId('action-details')).toContainText('3 days after a new lead from a web form');
  await expect(page.getByTestId('action-runs-empty')).toContainText('No runs yet.');

  // Edited in place: repeat every 3 days, paused.
  await page.getByLabel('Status', { exact: true }).selectOption('paused');
  await page.getByLabel('Repeat').check();
  await page.getByRole('button', { name: 'Save action' }).click();
  await expect(toast(page, 'Action updated.')).toBeVisible();
  await expect(page.getByTestId('action-status').first()).toHaveText('Paused');
  await expect(page.getByTestId('action-details')).toContainText('Every 3 days after a new lead from a web form');
  await expect(page.getByLabel('Repeat')).toBeChecked();

  await page.getByRole('link', { name: 'Delete action' }).click();
  await expect(page.getByText('Delete Chase quotes?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete action' }).click();
  await expect(page).toHaveURL(/\/dashboard\/actions\?deleted=/);
  await expect(toast(page, 'Action deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chase quotes' })).toHaveCount(0);
  await page.getByTestId('undo-banner').getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Action restored.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Chase quotes' })).toBeVisible();
});

test('the list filters by status and trigger, with an empty state when nothing matches @nojs', async ({
  page,
  owner,
}) => {
  await owner();
  await page.goto('/dashboard/actions');
  await expect(page.getByTestId('action-row')).toHaveCount(4);
  await page.getByLabel('Status', { exact: true }).selectOption('paused');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(row(page, 'unconfirmed_order_reminder')).toBeVisible();
  await expect(row(page, 'overdue_tasks_nudge')).toBeVisible();
  await expect(page.getByTestId('action-row').getByTestId('action-status').filter({ hasText: 'Active' })).toHaveCount(
    0,
  );
  await expect(page.getByTestId('actions-total')).toContainText('found');
  await page.getByLabel('Trigger').selectOption('missed_call');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('actions-empty')).toContainText('No actions match these filters.');
  await page.getByRole('link', { name: 'Show all actions' }).click();
  await expect(page.getByTestId('action-row')).toHaveCount(4);
});
