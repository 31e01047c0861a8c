import { expect, test } from '@playwright/test';
import { onboardingMessages } from '../contract/messages';
import { addMemory, ask, assistantOwner, lastMessage, toast } from './support/assistant';

test('onboarding step 6: a suggested question is answered from its memory, a wrong answer is corrected, and Finish opens the dashboard @nojs', async ({
  page,
  request,
}) => {
  const { account, businessId } = await assistantOwner(page, request, 'unfinished');
  const vouchers = await addMemory(request, account, businessId, {
    type: 'answered_question',
    title: 'Do you sell gift vouchers?',
    content: 'Do you sell gift vouchers?',
    answer: 'Yes, gift vouchers from £20, sold in the shop.',
  });
  await addMemory(request, account, businessId, {
    type: 'text',
    title: 'Getting here',
    content: 'Getting here. Free parking is available in the car park behind the shop on Mill Lane.',
  });

  // Step 6 is linked from home's checklist.
  await page.goto('/dashboard/home');
  await page.getByTestId('setup-checklist').locator('[data-step="test-ella"]').getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/test-ella$/);
  await expect(page.getByText('Step 6 of 6')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Test the assistant' })).toBeVisible();
  // On screen it is simply "the assistant".
  await expect(page.locator('body')).not.toContainText(/\bElla\b/i);

  // A suggested question drawn from the knowledge base, asked with one click.
  await page.getByTestId('suggestions').getByRole('button', { name: 'Do you sell gift vouchers?' }).click();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/test-ella\?c=/);
  const answer = lastMessage(page);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer.getByTestId('message-content')).toContainText('£20');
  await expect(answer.getByTestId('message-source').first()).toHaveAttribute(
    'href',
    `/dashboard/memories/${vouchers._id}`,
  );

  // A wrong answer, corrected in place: the next answer uses the correction.
  const parking = await ask(page, 'Is there parking?');
  await expect(parking.getByTestId('message-content')).toContainText('Mill Lane');
  await parking.getByText('Correct this answer').click();
  await parking
    .getByLabel('The right answer to “Is there parking?”')
    .fill('Only street parking now: the car park behind the shop closed in May.');
  await parking.getByRole('button', { name: 'Save the correction' }).click();
  await expect(toast(page, 'Memory created.')).toBeVisible();
  const corrected = await ask(page, 'Is there parking?');
  await expect(corrected.getByTestId('message-content')).toContainText('Only street parking now');

  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recents' })).toBeVisible();
  await expect(page.getByTestId('setup-checklist')).toHaveCount(0);
  // The whole dashboard is open now, the conversation list too.
  await page.goto('/dashboard/assistant-conversations');
  await expect(page.getByTestId('conversation').filter({ hasText: 'Testing the assistant' })).toHaveCount(1);
});

test('onboarding step 6 cannot be finished without asking anything, and an empty question is refused @nojs', async ({
  page,
  request,
}) => {
  await assistantOwner(page, request, 'unfinished');
  await page.goto('/dashboard/onboard/test-ella');
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  // Before the wizard is finished the rest of the dashboard stays closed.
  await page.goto('/dashboard/assistant-conversations');
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  await page.goto('/dashboard/onboard/test-ella');
  await page.getByRole('textbox', { name: 'Your question' }).fill('   ');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Message is required.')).toBeVisible();

  // Finishing needs at least one answer from the assistant (issue 22, item 7).
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText(onboardingMessages.testFirst)).toBeVisible();
  await page.goto('/dashboard/home');
  await expect(page.getByTestId('setup-checklist')).toBeVisible();
});
