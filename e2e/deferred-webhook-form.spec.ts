import { expect, test } from './support/fixtures';
import { toast } from './support/helpers';

/**
 * The outgoing webhook endpoint form loads after its page (app/components/deferred.tsx): its
 * chunk (conform, zod, the endpoint schema) is held here until the page has hydrated. Meanwhile
 * the server's markup waits, disabled; once the chunk hydrates it, it validates in the browser
 * and posts. Without JavaScript it is a plain form (e2e/outgoing-webhooks-and-daily-summary.spec.ts).
 */
test('the endpoint form waits for its chunk, then validates in the browser and adds the endpoint', async ({
  page,
  owner,
}) => {
  await owner();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/__outgoing-webhook-form-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/settings/outgoing-webhooks');
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.includes('/outgoing-webhooks')) posts += 1;
  });
  const url = page.getByLabel('Endpoint URL');
  // The page has hydrated (its own effects ran) while the form's chunk is still held.
  await expect(url).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add endpoint' })).toBeDisabled();

  release();
  await expect(url).toBeEnabled();
  await url.fill('https://hooks.example.com/assistant');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  // The schema's own message, from the browser: the page did not post.
  await expect(page.getByText('Choose at least one event to send.')).toBeVisible();
  expect(posts).toBe(0);
  await page.getByLabel(/A contact is created/).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(toast(page, 'Webhook endpoint added.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'https://hooks.example.com/assistant' })).toBeVisible();
});
