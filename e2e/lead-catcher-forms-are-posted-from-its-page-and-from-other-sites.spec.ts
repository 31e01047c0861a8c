import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';
import { step } from './support/systems';

test('a lead catcher is set up and a plain form post from its hosted page creates a form @nojs', async ({
  page,
  owner,
}) => {
  await owner();
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Add lead catcher (web forms)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lead catcher (web forms)' })).toBeVisible();
  await expect(page.getByTestId('system-status')).toHaveText('requires setup');

  const website = step(page, 'website');
  await website.getByLabel('Form name').fill('Quote request');
  await website.getByLabel('Allowed sites').fill('not a site');
  await website.getByRole('button', { name: 'Save website' }).click();
  await expect(website.getByText('Each allowed site must be a web address such as https://example.com.')).toBeVisible();
  await website.getByLabel('Allowed sites').fill('');
  await website.getByRole('button', { name: 'Save website' }).click();
  await expect(page.getByTestId('system-status')).toHaveText('active');

  const install = step(page, 'install');
  await expect(install.getByTestId('snippet-script')).toContainText('<script src=');
  await expect(install.getByTestId('snippet-form')).toContainText('<form action=');
  const formUrl = await install.getByTestId('hosted-form-link').getAttribute('href');
  expect(formUrl).toBeTruthy();
  const path = new URL(formUrl!).pathname;

  await page.goto(path);
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Message').fill('Please quote for a new boiler.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/sent=1/);

  await page.goto('/dashboard/forms');
  await expect(page.getByRole('main').getByText('Grace Hopper').first()).toBeVisible();
});

/** The business's own site: a real web server on another origin (127.0.0.1, another port) serving one page. */
async function businessSite(html: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a lead form on the business’s own site (another origin) is sent, plain and through the script @nojs', async ({
  page,
  owner,
}, testInfo) => {
  await owner();
  let snippet = '';
  const site = await businessSite(
    () => `<!doctype html><html><head><title>Shop</title></head><body><h1>Contact us</h1>${snippet}</body></html>`,
  );
  try {
    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Add lead catcher (web forms)' }).click();
    const website = step(page, 'website');
    await website.getByLabel('Allowed sites').fill(`${site.origin}\nhttps://www.example.com/`);
    await website.getByRole('button', { name: 'Save website' }).click();
    await expect(page.getByTestId('system-status')).toHaveText('active');
    await expect(page.locator('#settings').getByLabel('Allowed sites')).toHaveValue(
      `${site.origin}\nhttps://www.example.com`,
    );
    const install = step(page, 'install');
    const htmlForm = (await install.getByTestId('snippet-form').textContent()) ?? '';
    const scriptTag = (await install.getByTestId('snippet-script').textContent()) ?? '';
    expect(htmlForm).toContain('<form action=');

    // Pasted on the site: the script tag with JavaScript, the plain HTML form without.
    const js = testInfo.project.name === 'js';
    snippet = js ? scriptTag : htmlForm;
    await page.goto(`${site.origin}/contact`);
    // Both ask for what the hosted form asks for: the message is optional (issue 22, item 23).
    await expect(page.getByText(/^Message \(optional\)/)).toBeVisible();
    await expect(page.getByLabel(/^Message/)).not.toHaveAttribute('required');
    await page.getByLabel(/^Name/).fill('Ada Lovelace');
    await page.getByLabel(/^Email/).fill('ada@example.com');
    await page.getByLabel(/^Message/).fill('A quote for the analytical engine, please.');
    await page.getByRole('button', { name: 'Send' }).click();
    if (js) await expect(page.getByText(/in touch soon/)).toBeVisible();
    else await expect(page).toHaveURL(/sent=1/);

    await page.goto('/dashboard/forms');
    await expect(page.getByRole('main').getByText('Ada Lovelace').first()).toBeVisible();
  } finally {
    await site.close();
  }
});
