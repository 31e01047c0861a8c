import { expect, test } from '@playwright/test';
import { learningMessages } from '../contract/messages';
import { startFixtureSite, type FixtureSite } from '../tests/support/fixture-site';
import { api, createAccount, signIn, toast } from './support/helpers';
import { member } from './support/team';

// Issue 22, item 10: website learning in the knowledge base, after onboarding, through the
// onboarding step's crawl. The fixture website runs inside the test, on 127.0.0.1: no internet.
let site: FixtureSite;
test.beforeAll(async () => {
  site = await startFixtureSite({ slowMs: 200 });
});
test.afterAll(async () => {
  await site.close();
});

async function webPages(request: Parameters<typeof api>[0], token: string) {
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    token,
  );
  const { memories } = await api<{ memories: { title: string; type: string }[] }>(
    request,
    `businesses/memories/${businesses[0]._id}/list`,
    { limit: 500, type: 'web_page' },
    token,
  );
  return memories.map((memory) => memory.title).sort();
}

async function learningJobs(request: Parameters<typeof api>[0], token: string) {
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    token,
  );
  return (
    await api<{ jobs: { url: string; status: string }[] }>(
      request,
      `businesses/learning/${businesses[0]._id}/list`,
      {},
      token,
    )
  ).jobs;
}

test('the knowledge base learns a website with live progress, and learns it again without doubling its pages @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/memories');
  await page.getByRole('link', { name: 'Learn from my website' }).click();
  await expect(page).toHaveURL(/\/dashboard\/memories\/website$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Learn from my website' })).toBeVisible();

  // An empty address is refused in place.
  await page.getByRole('button', { name: 'Learn my website' }).click();
  await expect(page.getByText(learningMessages.urlRequired)).toBeVisible();

  await page.getByLabel('Website address').fill(site.url);
  await page.getByRole('button', { name: 'Learn my website' }).click();
  await expect(toast(page, 'Learning your website started.')).toBeVisible();
  // Live with JavaScript (realtime revalidation), by the page refreshing itself without it.
  const progress = page.getByTestId('learning-progress');
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 25_000 });
  await expect(page.getByTestId('pages-learned')).toHaveText('6');
  await expect(page.getByTestId('learning-failures')).toContainText(
    `${site.url}missing — The server answered 404 Not Found.`,
  );
  expect(site.hits).not.toContain('/private/secret');
  const learned = await webPages(request, account.token);
  expect(learned).toContain('Fixture Plumbing — Home');
  expect(learned).toHaveLength(6);

  // The site is listed and can be read again: its pages are updated, not added twice.
  const listed = page.getByTestId('learned-site').filter({ hasText: site.url });
  await expect(listed).toContainText('6 pages learned');
  const hitsBefore = site.hits.length;
  await listed.getByRole('button', { name: 'Learn again' }).click();
  await expect.poll(async () => (await learningJobs(request, account.token)).length).toBe(2);
  // The page first shows the previous reading as done: wait for the new one to finish first.
  await expect
    .poll(async () => (await learningJobs(request, account.token))[0], { timeout: 25_000 })
    .toMatchObject({ url: site.url, status: 'done' });
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 25_000 });
  expect(site.hits.length).toBeGreaterThan(hitsBefore);
  expect(await webPages(request, account.token)).toEqual(learned);

  // What was learned is in the knowledge base's web page tab.
  await page.getByRole('link', { name: 'Knowledge base' }).first().click();
  await expect(page.getByTestId('memory-tabs').getByRole('link', { name: /Web page/ })).toContainText('6');
});

test('a member who may only view memories sees the progress but cannot start learning @nojs', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { business: 'finished' });
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    owner.token,
  );
  await api(request, `businesses/learning/${businesses[0]._id}/start`, { url: site.url }, owner.token);
  const { account: viewer } = await member(request, owner, businesses[0]._id, ['memories/view']);
  await signIn(page, viewer);
  await page.goto('/dashboard/memories/website');
  await expect(page.getByTestId('learning-progress')).toBeVisible();
  await expect(page.getByTestId('learned-site')).toContainText(site.url);
  await expect(page.getByLabel('Website address')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Learn/ })).toHaveCount(0);
  await page.goto('/dashboard/memories');
  await expect(page.getByRole('link', { name: 'Learn from my website' })).toHaveCount(0);
});
