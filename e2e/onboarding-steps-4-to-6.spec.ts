import { expect, test, type Page } from '@playwright/test';
import { onboardingMessages } from '../contract/messages';
import { addMemory, ask, assistantOwner } from './support/assistant';
import { createAccount, signIn } from './support/helpers';

// Issue 22, items 6–8: onboarding steps 4–6 link only to open pages, are not passed by
// accident, and are found from any step; after onboarding they no longer read as wizard steps.

/** Every link inside the step's frame opens the page it names (none bounces to home). */
async function expectEveryLinkOpens(page: Page) {
  const frame = page.getByTestId('onboarding-frame');
  const hrefs = await frame
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page, `the link to ${href}`).toHaveURL((url) => url.pathname === new URL(href, url).pathname);
  }
}

test('while onboarding, steps 4 and 5 link only to pages that are open @nojs', async ({ page, request }) => {
  await assistantOwner(page, request, 'unfinished');
  for (const step of ['data-loader', 'training-questions']) {
    await page.goto(`/dashboard/onboard/${step}`);
    // The knowledge base opens once the assistant has been tested; until then it is not offered.
    await expect(page.getByRole('link', { name: 'Open the knowledge base' })).toHaveCount(0);
    await expectEveryLinkOpens(page);
  }
});

test('after onboarding, steps 4 and 5 are pages of the knowledge base, not wizard steps @nojs', async ({
  page,
  request,
}) => {
  await assistantOwner(page, request, 'finished');
  await page.goto('/dashboard/onboard/data-loader');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Let the assistant learn about your business' }),
  ).toBeVisible();
  await expect(page.getByText(/Step \d of 6/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Continue/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the knowledge base' }).click();
  await expect(page).toHaveURL(/\/dashboard\/memories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge base' })).toBeVisible();

  await page.goto('/dashboard/onboard/training-questions');
  await expect(page.getByText(/Step \d of 6/)).toHaveCount(0);
  await expectEveryLinkOpens(page);
});

test('a later step opened before the business exists sends the user to the step they are on @nojs', async ({
  page,
  request,
}) => {
  const newcomer = await createAccount(request, { business: 'none' });
  await signIn(page, newcomer);
  for (const step of ['test-ella', 'training-questions', 'data-loader']) {
    await page.goto(`/dashboard/onboard/${step}`);
    await expect(page).toHaveURL(/\/dashboard\/onboard\/mobile-submit$/);
    await expect(page.getByText('Step 1 of 6')).toBeVisible();
  }
  await page.context().clearCookies();

  const verified = await createAccount(request, { business: 'none', mobile: true });
  await signIn(page, verified);
  await page.goto('/dashboard/onboard/test-ella');
  await expect(page).toHaveURL(/\/dashboard\/onboard\/your-business$/);
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
});

test('step 4 moves on once something was learned, or by an explicit skip @nojs', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request, 'unfinished');
  await page.goto('/dashboard/onboard/data-loader');
  await page.getByRole('button', { name: 'Continue to training' }).click();
  await expect(page.getByText(onboardingMessages.learnFirst)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/data-loader/);

  // Skipping is a choice of its own; the step stays to do on home's checklist.
  await page.getByRole('link', { name: 'Skip this step' }).click();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/training-questions$/);
  await page.goto('/dashboard/home');
  await expect(page.locator('[data-step="data-loader"]')).toHaveAttribute('data-done', 'false');

  // With something learned, Continue records the step.
  await addMemory(request, account, businessId, {
    type: 'text',
    title: 'Area',
    content: 'We cover Riverton and every village within 15 miles.',
  });
  await page.goto('/dashboard/onboard/data-loader');
  await page.getByRole('button', { name: 'Continue to training' }).click();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/training-questions$/);
  await page.goto('/dashboard/home');
  await expect(page.locator('[data-step="data-loader"]')).toHaveAttribute('data-done', 'true');
});

test('step 5 moves on once a question was answered, or by an explicit skip @nojs', async ({ page, request }) => {
  await assistantOwner(page, request, 'unfinished');
  await page.goto('/dashboard/onboard/training-questions');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(onboardingMessages.trainFirst)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/training-questions/);
  await page.getByRole('link', { name: 'Skip this step' }).click();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/test-ella$/);
  await page.goto('/dashboard/home');
  await expect(page.locator('[data-step="training-questions"]')).toHaveAttribute('data-done', 'false');
});

test('step 6 is finished only after the assistant answered a question @nojs', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request, 'unfinished');
  await addMemory(request, account, businessId, {
    type: 'answered_question',
    title: 'Do you sell gift vouchers?',
    content: 'Do you sell gift vouchers?',
    answer: 'Yes, from £20.',
  });
  await page.goto('/dashboard/onboard/test-ella');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText(onboardingMessages.testFirst)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/test-ella/);
  await page.goto('/dashboard/assistant-conversations');
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  // The test conversation is kept: coming back to the step later still counts it.
  await page.goto('/dashboard/onboard/test-ella');
  await ask(page, 'Do you sell gift vouchers?');
  await page.goto('/dashboard/onboard/training-questions');
  await page.goto('/dashboard/onboard/test-ella');
  await expect(page.getByTestId('chat-message')).toHaveCount(2);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByTestId('setup-checklist')).toHaveCount(0);
});
