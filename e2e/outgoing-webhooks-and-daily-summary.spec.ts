import { expect, test } from '@playwright/test';
import { startWebhookReceiver, verifySignature } from '../tests/support/webhook-receiver';
import { assistantOwner, toast } from './support/assistant';

/**
 * Settings → Outgoing webhooks (admins) and the daily summary preference. The receiver
 * listens on 127.0.0.1 in this process: the e2e server runs with the loopback test
 * allowance (OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS), the only way plain http is accepted.
 */
test('an admin adds an endpoint, sends it a signed test event, reads the log and disables it @nojs', async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await assistantOwner(page, request);
    await page.goto('/dashboard/settings');
    await page.getByRole('link', { name: /Outgoing webhooks/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Outgoing webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    // Nothing chosen, and a plain-http address on the internet: both refused with their messages.
    await page.getByLabel('Endpoint URL').fill('http://hooks.example.com/assistant');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Choose at least one event to send.')).toBeVisible();
    await page.getByLabel(/A contact is created/).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(
      page.getByText('The endpoint must be an https:// address, such as https://hooks.example.com/assistant.'),
    ).toBeVisible();

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Our CRM');
    await expect(page.getByLabel(/A contact is created/)).toBeChecked();
    await page.getByLabel(/An order is created/).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(toast(page, 'Webhook endpoint added.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: receiver.url })).toBeVisible();
    await expect(page.getByTestId('endpoint-state')).toHaveText('Enabled');
    await expect(page.getByText('Nothing sent yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Send a test event' }).click();
    await expect(toast(page, 'Test event delivered (HTTP 200).')).toBeVisible();
    const row = page.getByTestId('webhook-deliveries').getByRole('row').nth(1);
    await expect(row).toContainText('webhook.test');
    await expect(row).toContainText('sent');
    await expect(row).toContainText('200');
    await expect(row).toContainText(' ms');

    const secret = ((await page.getByTestId('endpoint-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    expect(receiver.received).toHaveLength(1);
    const [received] = receiver.received;
    expect(received.json.type).toBe('webhook.test');
    expect(
      verifySignature(
        received.headers['x-assistant-signature'] as string,
        received.body,
        secret,
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);

    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(toast(page, 'Webhook endpoint disabled.')).toBeVisible();
    await expect(page.getByTestId('endpoint-state')).toHaveText('Disabled');
    await page.getByRole('link', { name: 'Outgoing webhooks' }).click();
    await expect(page.getByTestId('outgoing-webhooks')).toContainText('Disabled');
    await expect(page.getByTestId('outgoing-webhooks')).toContainText('Our CRM');
  } finally {
    await receiver.close();
  }
});

test('a member turns on the daily summary email at a time of their choosing @nojs', async ({ page, request }) => {
  await assistantOwner(page, request);
  await page.goto('/dashboard/settings/business-settings');
  const summary = page.getByLabel(/Email me a summary of yesterday/);
  await expect(summary).not.toBeChecked();
  await expect(page.getByLabel('Send it at (business timezone)')).toHaveValue('08:00');
  await summary.check();
  await page.getByLabel('Send it at (business timezone)').fill('07:15');
  await page.getByRole('button', { name: 'Save my notifications' }).click();
  // Read back from a fresh page load (what was stored), once the save has gone through.
  await expect(async () => {
    await page.reload();
    await expect(page.getByLabel(/Email me a summary of yesterday/)).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByLabel('Send it at (business timezone)')).toHaveValue('07:15');
  // The other preferences kept their defaults.
  await expect(page.getByLabel('A missed call')).toBeChecked();
});
