import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { exited, freePort, killChildren, serveChild, type ChildServer } from '../tests/durability/support/child-server';
import { api, createAccount, signIn } from './support/helpers';

/**
 * An open page recovers after its server is killed and restarted, without a reload. The
 * shared webServer cannot be restarted, so this test runs its own built server
 * (tests/durability/support/serve-api.ts --web) on its own port and DATA_DIR: the page's
 * realtime island reconnects by itself, revalidates once (so a contact added while it was
 * away appears), then follows live events again.
 */
test.describe.configure({ mode: 'serial' });

let dataDir: string;
test.afterAll(() => {
  killChildren();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an open page reconnects and catches up by itself after the server is killed and restarted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-e2e-restart-'));
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port) };
  let server: ChildServer = await serveChild(env, { web: true });
  const baseURL = `http://localhost:${port}`;
  const request = await playwrightRequest.newContext({ baseURL });
  const account = await createAccount(request, { business: 'finished' });
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  const businessId = businesses[0]._id;

  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, account);
  await page.goto('/dashboard/customers');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const reloads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads.push(frame.url());
  });

  server.child.kill('SIGKILL');
  await exited(server.child);
  await expect(page.locator('html')).not.toHaveAttribute('data-realtime', 'connected');

  // The page stays offline until a contact has been added on the restarted server, so its
  // event is certainly missed: the contact must appear through the revalidation the island
  // makes after it reconnects.
  await page.context().setOffline(true);
  server = await serveChild(env, { web: true });
  await api(
    request,
    `businesses/customers/${businessId}/create`,
    { first_name: 'Before', last_name: 'Reconnect', status: 'lead' },
    account.token,
  );
  await expect(page.locator('html')).not.toHaveAttribute('data-realtime', 'connected');
  await page.context().setOffline(false);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected', { timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Before Reconnect', exact: true })).toBeVisible();

  // And live events flow again.
  await api(
    request,
    `businesses/customers/${businessId}/create`,
    { first_name: 'After', last_name: 'Reconnect', status: 'lead' },
    account.token,
  );
  await expect(page.getByRole('link', { name: 'After Reconnect', exact: true })).toBeVisible();
  expect(reloads).toEqual([]);

  await request.dispose();
  server.child.kill('SIGTERM');
  await exited(server.child);
});
