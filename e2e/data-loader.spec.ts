import { expect, test } from '@playwright/test';
import { startFixtureSite, type FixtureSite } from '../tests/support/fixture-site';
import { api, createAccount, signIn, toast } from './support/helpers';

// The fixture website runs inside the test, on 127.0.0.1: no internet.
let site: FixtureSite;
test.beforeAll(async () => {
  site = await startFixtureSite({ slowMs: 200 });
});
test.afterAll(async () => {
  await site.close();
});

test('onboarding step 4 learns the website with visible progress, takes pasted text and moves on @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'unfinished' });
  await signIn(page, account);
  await page.goto('/dashboard/onboard/data-loader');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Let the assistant learn about your business' }),
  ).toBeVisible();

  await page.getByLabel('Website address').fill(site.url);
  await page.getByRole('button', { name: 'Learn my website' }).click();
  await expect(toast(page, 'Learning your website started.')).toBeVisible();

  // Live with JavaScript (realtime revalidation), by the page refreshing itself without it.
  const progress = page.getByTestId('learning-progress');
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 25_000 });
  await expect(progress.getByRole('heading', { name: 'Finished' })).toBeVisible();
  await expect(page.getByTestId('pages-learned')).toHaveText('6');
  await expect(page.getByTestId('pages-found')).toHaveText('9');
  await expect(page.getByTestId('pages-fetched')).toHaveText('9');
  await expect(page.getByRole('progressbar', { name: 'Pages read' })).toHaveAttribute('value', '9');
  const failures = page.getByTestId('learning-failures');
  await expect(failures).toContainText(`${site.url}big — The page is larger than 2 MB.`);
  await expect(failures).toContainText(`${site.url}missing — The server answered 404 Not Found.`);
  await expect(failures).toContainText('Not a web page (application/json).');
  // robots.txt keeps the staff area out.
  expect(site.hits).not.toContain('/private/secret');

  await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('We cover Riverton and every village within 15 miles.');
  await page.getByRole('button', { name: 'Save text' }).click();
  await expect(toast(page, 'Memory created.')).toBeVisible();

  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/training-questions$/);

  // What was learned is in the knowledge base (its pages open once the wizard is finished).
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  const { memories } = await api<{ memories: { title: string; type: string }[] }>(
    request,
    `businesses/memories/${businesses[0]._id}/list`,
    { limit: 500 },
    account.token,
  );
  expect(memories.filter((m) => m.type === 'web_page').map((m) => m.title)).toContain('Fixture Plumbing — Home');
  expect(memories.filter((m) => m.type === 'text')).toHaveLength(1);
});

test('an empty address is refused in place @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'unfinished' });
  await signIn(page, account);
  await page.goto('/dashboard/onboard/data-loader');
  await page.getByRole('button', { name: 'Learn my website' }).click();
  await expect(page.getByText('Enter your website address.')).toBeVisible();
  await expect(page.getByTestId('learning-progress')).toHaveCount(0);
});
