import { faker } from '@faker-js/faker';
import { expect, test } from '@playwright/test';
import { codeSentTo, createAccount, PASSWORD, signIn, uniqueEmail, uniqueMobile } from './support/helpers';

test('a new user registers, verifies their mobile, creates a business and lands on home with the checklist @nojs', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('owner');
  const mobile = uniqueMobile();
  const businessName = `${faker.company.name()} ${faker.string.alphanumeric(5)}`;

  await page.goto('/');
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Your name').fill('Ada Owner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Step 1: no business yet, so the guard sends the new user to the mobile step.
  await expect(page).toHaveURL(/\/dashboard\/onboard\/mobile-submit$/);
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send the code' }).click();

  // Step 2: the code is read from the outbox, as a user on a fresh machine would.
  await expect(page).toHaveURL(/\/dashboard\/onboard\/mobile-verify\?mobile=/);
  await page.getByLabel('Verification code').fill(await codeSentTo(request, mobile));
  await page.getByRole('button', { name: 'Verify' }).click();

  // Step 3 starts in the lookup sub-step.
  await expect(page).toHaveURL(/\/dashboard\/onboard\/your-business$/);
  await page.getByLabel('Business name').fill(businessName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`We could not find a business called “${businessName}”`)).toBeVisible();
  await page.getByRole('link', { name: 'Enter my business details manually' }).click();

  await expect(page.getByLabel('Business name')).toHaveValue(businessName);
  await expect(page.getByLabel('Business email')).toHaveValue(email);
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Business phone number 1').fill('+442071234567');
  await page.getByRole('button', { name: 'Create my business' }).click();

  await expect(page).toHaveURL(/\/dashboard\/home$/);
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist).toBeVisible();
  for (const step of ['mobile-submit', 'mobile-verify', 'your-business']) {
    await expect(checklist.locator(`[data-step="${step}"]`)).toHaveAttribute('data-done', 'true');
  }
  // Every remaining step links to its page.
  for (const step of ['data-loader', 'training-questions', 'test-ella']) {
    const item = checklist.locator(`[data-step="${step}"]`);
    await expect(item).toHaveAttribute('data-done', 'false');
    await expect(item.getByRole('link')).toHaveCount(1);
  }
  await expect(page.getByText('3 of 6 steps done.')).toBeVisible();
  // The business switcher shows the new business.
  await expect(page.getByLabel('Business', { exact: true })).toContainText(businessName);
});

test('the business form adds and removes phone numbers @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { mobile: true });
  await signIn(page, account);
  await page.goto('/dashboard/onboard/your-business?step=details');
  await page.getByRole('button', { name: 'Add another number' }).click();
  await expect(page.getByLabel('Business phone number 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remove business phone number 2' }).click();
  await expect(page.getByLabel('Business phone number 2', { exact: true })).toHaveCount(0);
});
