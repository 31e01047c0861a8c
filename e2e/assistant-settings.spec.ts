import { expect, test } from '@playwright/test';
import { PHONE_EXAMPLE } from '../contract/messages';
import { api } from './support/helpers';
import { ask, assistantOwner, toast } from './support/assistant';

test('assistant settings are saved, and a bad escalation number is refused with its message @nojs', async ({
  page,
  request,
}) => {
  const { account, businessId } = await assistantOwner(page, request);
  await page.goto('/dashboard/assistant-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Assistant settings' })).toBeVisible();
  // No language model is chosen by default; the built-in assistant answers.
  await expect(page.getByLabel('Assistant engine')).toHaveValue('built-in');

  await page.getByLabel('Name shown to callers').fill('Robin');
  await page.getByLabel('Greeting').fill('Hello, you have reached the shop. How can I help?');
  await page.getByLabel('Tone').selectOption('professional');
  await page.getByLabel('When it is unsure').selectOption('transfer');
  await page.getByLabel('Escalation phone number').fill('0207 123');
  await page.getByLabel('Take booking and call-back requests').uncheck();
  await page.getByRole('button', { name: 'Save assistant settings' }).click();
  await expect(
    page.getByText(`Phone numbers must be in international format, E.164 format (e.g. ${PHONE_EXAMPLE}).`),
  ).toBeVisible();

  await page.getByLabel('Escalation phone number').fill('+442071234999');
  await page.getByRole('button', { name: 'Save assistant settings' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name shown to callers')).toHaveValue('Robin');
  await expect(page.getByLabel('Tone')).toHaveValue('professional');
  await expect(page.getByLabel('When it is unsure')).toHaveValue('transfer');
  await expect(page.getByLabel('Escalation phone number')).toHaveValue('020 7123 4999');
  await expect(page.getByLabel('Take booking and call-back requests')).not.toBeChecked();

  const { business_settings } = await api<{ business_settings: { assistant: Record<string, unknown> } }>(
    request,
    `businesses/settings/${businessId}/get`,
    undefined,
    account.token,
  );
  expect(business_settings.assistant).toMatchObject({
    name: 'Robin',
    tone: 'professional',
    when_unsure: 'transfer',
    escalation_phone: '+442071234999',
    capture_bookings: false,
  });

  // Emptied fields are cleared, not left as they were.
  await page.getByLabel('Name shown to callers').fill('');
  await page.getByLabel('Escalation phone number').fill('');
  await page.getByLabel('When it is unsure').selectOption('take_message');
  await page.getByRole('button', { name: 'Save assistant settings' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await expect(page.getByLabel('Name shown to callers')).toHaveValue('');
  await expect(page.getByLabel('Escalation phone number')).toHaveValue('');
});

test('opening hours start as suggestions, and saving them changes what the assistant says @nojs', async ({
  page,
  request,
}) => {
  const { account, businessId } = await assistantOwner(page, request);
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );

  await page.goto('/dashboard/assistant-settings');
  await expect(page.getByTestId('hours-not-set')).toBeVisible();
  await expect(page.getByLabel('Open on Monday')).toBeChecked();
  await expect(page.getByLabel('Monday opens at')).toHaveValue('09:00');
  await expect(page.getByLabel('Open on Sunday')).not.toBeChecked();

  // Unsaved suggestions are never told to callers.
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  const before = await ask(page, 'Are you open on Saturday?');
  await expect(before.getByTestId('message-content')).not.toContainText('10am');

  await page.goto('/dashboard/assistant-settings');
  await page.getByLabel('Open on Saturday').check();
  await page.getByLabel('Saturday opens at').fill('10:00');
  await page.getByLabel('Saturday closes at').fill('14:30');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await expect(page.getByTestId('hours-not-set')).toHaveCount(0);
  await expect(page.getByLabel('Saturday closes at')).toHaveValue('14:30');

  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  const after = await ask(page, 'Are you open on Saturday?');
  await expect(after.getByTestId('message-content')).toContainText('10am');
  await expect(after.getByTestId('message-content')).toContainText('2:30pm');
});

test('special dates are added and removed, closed all day by default, and a bad one is refused @nojs', async ({
  page,
  request,
}) => {
  await assistantOwner(page, request);
  await page.goto('/dashboard/assistant-settings');
  await page.getByRole('button', { name: 'Add a special date' }).click();
  await expect(page.getByTestId('overwrite')).toHaveCount(1);
  await expect(page.getByLabel('Special date 1: status')).toHaveValue('closed');
  await expect(page.getByLabel('Special date 1: all day')).toBeChecked();
  await expect(page.getByLabel('Special date 1: from')).toHaveValue('00:00');
  await expect(page.getByLabel('Special date 1: to')).toHaveValue('23:59');

  // Open part of the day, closing before it opens: refused with the hours message.
  await page.getByLabel('Special date 1: date').fill('2031-12-24');
  await page.getByLabel('Special date 1: status').selectOption('open');
  await page.getByLabel('Special date 1: all day').uncheck();
  await page.getByLabel('Special date 1: from').fill('13:00');
  await page.getByLabel('Special date 1: to').fill('09:00');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(page.getByText('Closing time must be after opening time.')).toBeVisible();

  await page.getByLabel('Special date 1: to').fill('16:00');
  await page.getByLabel('Special date 1: note').fill('Christmas Eve');
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(toast(page, 'Settings saved.')).toBeVisible();
  await expect(page.getByLabel('Special date 1: date')).toHaveValue('2031-12-24');
  await expect(page.getByLabel('Special date 1: note')).toHaveValue('Christmas Eve');

  await page.getByRole('button', { name: 'Remove special date 1' }).click();
  await expect(page.getByTestId('overwrite')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save opening hours' }).click();
  // The first save's toast may still be showing (5 s): the saved state is what counts.
  await expect(toast(page, 'Settings saved.').last()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Save opening hours' })).toBeVisible();
  await expect(page.getByTestId('overwrite')).toHaveCount(0);
});
