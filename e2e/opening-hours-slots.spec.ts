import { expect, test } from '@playwright/test';
import { api } from './support/helpers';
import { ask, assistantOwner, toast } from './support/assistant';

test('a lunch break is saved as two time slots and the assistant says both @nojs', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request);
  await page.goto('/dashboard/settings/business-settings');
  await expect(page.getByLabel('Wednesday opens at')).toHaveValue('09:00');

  // Wednesday 09:00–12:30 and 13:30–17:00.
  await page.getByRole('button', { name: 'Add a time slot on Wednesday' }).click();
  await expect(page.getByLabel('Wednesday slot 2 opens at')).toHaveValue('13:30');
  await page.getByLabel('Wednesday slot 1 closes at').fill('12:30');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await expect(page.getByLabel('Wednesday slot 1 closes at')).toHaveValue('12:30');
  await expect(page.getByLabel('Wednesday slot 2 closes at')).toHaveValue('17:00');

  const settings = await api<{ business_settings: { opening_hours: Array<{ day: string; slots: unknown[] }> } }>(
    request,
    `businesses/settings/${businessId}/get`,
    {},
    account.token,
  );
  expect(settings.business_settings.opening_hours.find((day) => day.day === 'wednesday')?.slots).toEqual([
    { start: '09:00', end: '12:30' },
    { start: '13:30', end: '17:00' },
  ]);

  // Wednesday 11 June 2031 is an ordinary Wednesday.
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  const answer = await ask(page, 'Are you open on 2031-06-11?');
  await expect(answer.getByTestId('message-content')).toContainText('9am to 12:30pm and 1:30pm to 5pm');

  // Removing the second slot puts the day back to one.
  await page.goto('/dashboard/settings/business-settings');
  await page.getByRole('button', { name: 'Remove Wednesday slot 2' }).click();
  await expect(page.getByLabel('Wednesday slot 2 opens at')).toHaveCount(0);
  await page.getByLabel('Wednesday closes at').fill('17:00');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await expect(page.getByLabel('Wednesday closes at')).toHaveValue('17:00');
});

test('overlapping time slots are refused on the field @nojs', async ({ page, request }) => {
  await assistantOwner(page, request);
  await page.goto('/dashboard/settings/business-settings');
  await page.getByRole('button', { name: 'Add a time slot on Monday' }).click();
  await page.getByLabel('Monday slot 2 opens at').fill('12:00');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(page.getByText('Time slots on the same day must not overlap.')).toBeVisible();
});
