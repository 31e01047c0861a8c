import { expect, test } from '@playwright/test';
import { api } from './support/helpers';
import { ask, assistantOwner, toast } from './support/assistant';

test('an opening-hours overwrite set on business settings is what the assistant answers for that day @nojs', async ({
  page,
  request,
}) => {
  const { account, businessId } = await assistantOwner(page, request);
  await page.goto('/dashboard/settings/business-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Business settings' })).toBeVisible();
  await expect(page.getByLabel('Open on Wednesday')).toBeChecked();

  // Wednesday 11 June 2031: normally open 9 to 5, closed for a training day.
  await page.getByRole('button', { name: 'Add a special date' }).click();
  await expect(page.getByLabel('Special date 1: status')).toHaveValue('closed');
  await expect(page.getByLabel('Special date 1: all day')).toBeChecked();
  await page.getByLabel('Special date 1: date').fill('2031-06-11');
  await page.getByLabel('Special date 1: note').fill('Staff training');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await expect(page.getByLabel('Special date 1: date')).toHaveValue('2031-06-11');

  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  const closed = await ask(page, 'Are you open on 2031-06-11?');
  await expect(closed.getByTestId('message-content')).toContainText("No, we're closed");
  await expect(closed.getByTestId('message-content')).toContainText('Staff training');
  const open = await ask(page, 'Are you open on 2031-06-18?');
  await expect(open.getByTestId('message-content')).toContainText('Yes');
  await expect(open.getByTestId('message-content')).toContainText('9am');
});

test('each member saves their own notification preferences and the timezone @nojs', async ({ page, request }) => {
  await assistantOwner(page, request);
  await page.goto('/dashboard/settings/business-settings');
  await expect(page.getByLabel('A missed call')).toBeChecked();
  await expect(page.getByLabel('Do not notify me during quiet hours')).not.toBeChecked();
  await page.getByLabel('A missed call').uncheck();
  await page.getByLabel('Do not notify me during quiet hours').check();
  await page.getByLabel('Quiet hours from').fill('22:00');
  await page.getByLabel('Quiet hours to').fill('06:30');
  await page.getByRole('button', { name: 'Save my notifications' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('A missed call')).not.toBeChecked();
  await expect(page.getByLabel('A voicemail')).toBeChecked();
  await expect(page.getByLabel('Do not notify me during quiet hours')).toBeChecked();
  await expect(page.getByLabel('Quiet hours from')).toHaveValue('22:00');
  await expect(page.getByLabel('Still notify me for urgent callers')).toBeChecked();

  // Picked by city from a list (issue 22), never typed as an IANA name.
  await page.getByRole('combobox', { name: 'Timezone' }).selectOption({ label: 'Paris' });
  await page.getByRole('button', { name: 'Save timezone' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Europe/Paris');
});
