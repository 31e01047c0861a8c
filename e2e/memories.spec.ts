import { expect, test } from './support/fixtures';
import { api, toast } from './support/helpers';

/** A minimal valid one-page PDF with one line of text (Helvetica), byte offsets and all. */
function makePdf(line: string): Buffer {
  const stream = `BT\n/F1 12 Tf\n72 720 Td\n(${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a text memory is created, edited, deleted and restored @nojs', async ({ page, owner }, testInfo) => {
  await owner();
  await page.goto('/dashboard/memories');
  await expect(page.getByTestId('memories-empty')).toContainText('The knowledge base is empty.');
  await page.getByRole('link', { name: 'New memory' }).click();
  const js = testInfo.project.name === 'js';
  const form = js ? page.getByRole('dialog', { name: 'New memory' }) : page;
  if (js) {
    // With JavaScript the form checks itself before anything is sent.
    await form.getByRole('button', { name: 'Create memory' }).click();
    await expect(form.getByText('Memory content is required.')).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/dashboard\/memories\/new/);
  }
  await form.getByLabel('Title').fill('Opening hours');
  await form.getByLabel('Content').fill('We are open Monday to Friday, 9am to 5pm.');
  await form.getByRole('button', { name: 'Create memory' }).click();
  await expect(page).toHaveURL(/\/dashboard\/memories\/[\w-]+$/);
  await expect(toast(page, 'Memory created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Opening hours' })).toBeVisible();
  await expect(page.getByTestId('memory-content')).toHaveText('We are open Monday to Friday, 9am to 5pm.');

  // Edit from the list.
  await page.getByRole('link', { name: 'Knowledge base' }).first().click();
  await expect(page.getByTestId('memory-tabs').getByRole('link', { name: 'Text 1' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Opening hours' }).click();
  const edit = js ? page.getByRole('dialog', { name: 'Edit Opening hours' }) : page;
  await edit.getByLabel('Content').fill('We are open Monday to Saturday, 9am to 5pm.');
  await edit.getByRole('button', { name: 'Save memory' }).click();
  await expect(toast(page, 'Memory updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/memories$/);
  await expect(page.getByTestId('memory-row').filter({ hasText: 'Monday to Saturday' })).toBeVisible();

  // Search finds it; a search for something else does not.
  await page.getByLabel('Search').fill('saturday');
  await page.getByRole('button', { name: 'Search' }).click();
  // Wait for the search to land: the box is re-rendered with the query it answered.
  await expect(page).toHaveURL(/q=saturday/);
  await expect(page.getByTestId('memory-row')).toHaveCount(1);
  await page.getByLabel('Search').fill('parking');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=parking/);
  await expect(page.getByTestId('memories-empty')).toContainText('Nothing matches “parking”.');
  await page.getByRole('link', { name: 'Show everything' }).click();
  await expect(page).toHaveURL(/\/dashboard\/memories$/);

  // Delete asks first; the undo brings it back.
  await page.getByRole('link', { name: 'Delete Opening hours' }).click();
  await expect(page.getByText('Delete Opening hours?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete memory' }).click();
  await expect(page).toHaveURL(/\/dashboard\/memories\?deleted=/);
  await expect(toast(page, 'Memory deleted.')).toBeVisible();
  await expect(page.getByTestId('memories-empty')).toBeVisible();
  await page.getByTestId('undo-banner').getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Memory restored.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Opening hours' })).toBeVisible();
});

test('an uploaded PDF becomes a memory with its text read and a link to the file @nojs', async ({ page, owner }) => {
  await owner();
  await page.goto('/dashboard/memories/upload');
  await page.getByLabel('File').setInputFiles({
    name: 'price-list.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('Boiler service costs 80 pounds.'),
  });
  await page.getByLabel('Title').fill('Price list');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(toast(page, 'Memory created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Price list' })).toBeVisible();
  await expect(page.getByTestId('memory-type').first()).toHaveText('PDF');
  await expect(page.getByTestId('memory-content')).toContainText('Boiler service costs 80 pounds.');
  const link = page.getByTestId('memory-file').getByRole('link', { name: 'price-list.pdf' });
  const href = await link.getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // A file type the assistant cannot read is refused with a clear message.
  await page.goto('/dashboard/memories/upload');
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ binary') });
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByText('This file type is not supported', { exact: false })).toBeVisible();
});

test('onboarding step 5 proposes questions; one is answered, one skipped, and the step is done @nojs', async ({
  page,
  owner,
}) => {
  await owner({ business: 'unfinished' });
  await page.goto('/dashboard/onboard/training-questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Train the assistant' })).toBeVisible();
  await page.getByRole('button', { name: 'Find questions to answer' }).click();
  await expect(toast(page, 'questions to answer.')).toBeVisible();

  const hours = page.getByTestId('question').filter({ hasText: 'What are your opening hours?' });
  await page.getByLabel('What are your opening hours?').fill('Nine to five, Monday to Friday.');
  await hours.getByRole('button', { name: /Save answer/ }).click();
  await expect(toast(page, 'Question answered.')).toBeVisible();
  await expect(page.getByTestId('question').filter({ hasText: 'What are your opening hours?' })).toHaveCount(0);

  const parking = page.getByTestId('question').filter({ hasText: 'Is there parking nearby?' });
  await parking.getByRole('button', { name: /Skip/ }).click();
  await expect(page.getByTestId('question').filter({ hasText: 'Is there parking nearby?' })).toHaveCount(0);

  // Continue leads on to step 6, testing the assistant; home's checklist has step 5 done.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/onboard\/test-ella/);
  await page.goto('/dashboard/home');
  await expect(page.locator('[data-step="training-questions"]')).toHaveAttribute('data-done', 'true');
});

test('the questions tab of the knowledge base is a to-do list answered in one step', async ({
  page,
  request,
  owner,
}) => {
  const { account, businessId } = await owner();
  await api(request, `businesses/memories/${businessId}/propose-questions`, undefined, account.token);
  await page.goto('/dashboard/memories');
  await page
    .getByTestId('memory-tabs')
    .getByRole('link', { name: /Question to answer/ })
    .click();
  // A business that has told us nothing is proposed the questions every business gets.
  const payment = page.getByTestId('question').filter({ hasText: 'Which payment methods do you accept?' });
  await payment.getByRole('button', { name: /Save answer/ }).click();
  // Nothing typed: the app says the answer is needed, beside the question (not the browser's bubble).
  await expect(page.getByText('The answer is required.')).toBeVisible();
  await page.getByLabel('Which payment methods do you accept?').fill('Cards, cash and bank transfer.');
  await payment.getByRole('button', { name: /Save answer/ }).click();
  await expect(toast(page, 'Question answered.')).toBeVisible();
  await expect(page).toHaveURL(/type=question/);
  await page
    .getByTestId('memory-tabs')
    .getByRole('link', { name: /Answered question/ })
    .click();
  await expect(page.getByTestId('memory-row').filter({ hasText: 'Cards, cash and bank transfer.' })).toBeVisible();
});
