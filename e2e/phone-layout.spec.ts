import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { api, uniqueEmail } from './support/helpers';
import { telephonySystem } from './support/systems';

/**
 * Issue 22, item 18: the dashboard at a phone's width (390 px). Nothing scrolls sideways,
 * the header keeps the product and the whole business name, long lists are paged, and chart
 * labels are readable. (The accessibility suite checks every page for sideways scrolling;
 * these are the pages that failed it or were far too long.)
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

test('the opening-hours table fits its card and its headings do not run together @nojs', async ({ page, owner }) => {
  await owner();
  await page.goto('/dashboard/settings/business-settings');
  const table = page.getByRole('table', { name: 'Weekly opening hours' });
  await expect(table).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  // The table is no wider than the card (form) that holds it.
  const fits = await table.evaluate(
    (element) =>
      element.getBoundingClientRect().right <= (element.parentElement as HTMLElement).getBoundingClientRect().right + 1,
  );
  expect(fits).toBe(true);
  // Each column heading has room of its own ("OpenFrom" ran together).
  const headings = await table.getByRole('columnheader').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const text = range.getBoundingClientRect();
      return { left: text.left, right: text.right };
    }),
  );
  for (let index = 1; index < headings.length; index++)
    expect(headings[index].left).toBeGreaterThanOrEqual(headings[index - 1].right + 4);
  await expect(page.getByLabel('Wednesday opens at')).toBeVisible();
  await expect(page.getByLabel('Wednesday closes at')).toBeInViewport();
});

test('the header shows the product name and the whole business name @nojs', async ({ page, owner }) => {
  const { businessName } = await owner();
  await page.goto('/dashboard/home');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Business Assistant' })).toBeVisible();
  const switcher = page.getByRole('banner').getByLabel('Business');
  await expect(switcher).toHaveValue(/.+/);
  // The selected name's text fits the select's box (less its padding and arrow).
  const room = await switcher.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.options[select.selectedIndex].text).width;
    return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20 - text;
  });
  expect(room, `"${businessName}" is cut short`).toBeGreaterThanOrEqual(0);
  expect(await scrollsSideways(page)).toBe(false);
});

test('a business page with a long email does not scroll sideways @nojs', async ({ page, request, owner }) => {
  const { account } = await owner();
  // An email has no space to wrap at: this one is wider than the phone's page.
  const email = `reception.and.bookings.${uniqueEmail('desk').replace('@', '.team@')}`;
  const { business } = await api<{ business: { _id: string } }>(
    request,
    'businesses/create',
    { name: 'Long Email Plumbing', email, country: 'GB', telephones: ['+442071234567'] },
    account.token,
  );
  await page.goto(`/dashboard/businesses/${business._id}`);
  await expect(page.getByTestId('business-details')).toContainText(email);
  expect(await scrollsSideways(page)).toBe(false);
});

test('the systems page pages its events log like the other lists @nojs', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  const system = await telephonySystem(request, account, businessId);
  for (let index = 0; index < 12; index++) {
    await api(
      request,
      `businesses/systems/${businessId}/settings/${system._id}/send-a-message`,
      { to: `+4411749600${String(index).padStart(2, '0')}`, message: `Hello ${index}` },
      account.token,
    );
  }
  const { total } = await api<{ total: number }>(
    request,
    `businesses/systems/${businessId}/list-events/${system._id}`,
    { page: 0, limit: 1 },
    account.token,
  );
  expect(total).toBeGreaterThan(10);
  await page.goto(`/dashboard/systems/${system._id}`);
  await expect(page.getByTestId('system-event')).toHaveCount(10);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Older' }).click();
  await expect(page).toHaveURL(/[?&]page=1/);
  await expect(page.getByTestId('system-event')).toHaveCount(Math.min(10, total - 10));
  expect(await scrollsSideways(page)).toBe(false);
});

test('the knowledge base shows its memories a page at a time @nojs', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  for (let index = 0; index < 30; index++) {
    await api(
      request,
      `businesses/memories/${businessId}/create`,
      { type: 'text', status: 'active', content: `Fact number ${index + 1} about the business.` },
      account.token,
    );
  }
  await page.goto('/dashboard/memories?type=text');
  await expect(page.getByTestId('memory-row')).toHaveCount(25);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Older' }).click();
  await expect(page.getByTestId('memory-row')).toHaveCount(5);
  // The oldest is on the last page.
  await expect(page.getByTestId('memory-row').filter({ hasText: 'Fact number 1 about' })).toHaveCount(1);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(6000);
});

test('report chart labels are readable on a phone (at least 11 px) @nojs', async ({ page, request, owner }) => {
  const { account, businessId } = await owner();
  // Something to report: the charts are drawn only for a period with activity.
  const make = (body: Record<string, unknown>) =>
    api(request, `dev/system-items/${businessId}/create`, body, account.token);
  await make({ type: 'call', status: 'voicemail', from: '+447700900111' });
  await make({ type: 'call', status: 'missed_call', from: '+447700900112' });
  await make({ type: 'sms', from: '+447700900113', body: 'Open on Saturday?' });
  await page.goto('/dashboard/reports?period=30');
  const charts = page.locator('svg[data-testid$="-svg"]');
  await expect(charts.first()).toBeVisible();
  const sizes = await charts.evaluateAll((svgs) =>
    svgs.flatMap((svg) => {
      const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')].map((text) => ({
        text: text.textContent,
        px: parseFloat(getComputedStyle(text).fontSize) * scale,
      }));
    }),
  );
  expect(sizes.length).toBeGreaterThan(0);
  expect(sizes.filter((size) => size.px < 11)).toEqual([]);
  expect(await scrollsSideways(page)).toBe(false);
});
