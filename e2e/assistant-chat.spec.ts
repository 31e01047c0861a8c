import { expect, test } from '@playwright/test';
import { api } from './support/helpers';
import { addMemory, addService, ask, assistantOwner, lastMessage, saveSettings } from './support/assistant';

test('a conversation is started from the list, a message is answered from the business data, and the list shows it @nojs', async ({
  page,
  request,
}, testInfo) => {
  const { account, businessId } = await assistantOwner(page, request);
  await addService(request, account, businessId, {
    name: 'Oven deep clean',
    price: '£85',
    description: 'A full clean of one oven, racks included.',
  });

  await page.goto('/dashboard/assistant-conversations');
  await expect(page.getByTestId('conversations-empty')).toBeVisible();
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page).toHaveURL(/\/dashboard\/assistant-conversations\/[^/]+$/);
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  // Voice needs JavaScript: without it the page says so instead of showing the button.
  if (testInfo.project.use.javaScriptEnabled === false) {
    await expect(page.getByTestId('push-to-talk')).toHaveCount(0);
    await expect(page.getByText('Talking to the assistant needs JavaScript; you can still type.')).toBeVisible();
  } else {
    await expect(page.getByTestId('push-to-talk')).toBeVisible();
  }

  const reply = await ask(page, 'How much is an oven deep clean?');
  await expect(reply.getByTestId('message-content')).toContainText('£85');
  // The member's message is kept above the answer, oldest first.
  await expect(page.getByTestId('chat-message').first()).toHaveAttribute('data-role', 'user');
  await expect(page.getByTestId('chat-message').first()).toContainText('How much is an oven deep clean?');
  // The message box is empty again for the next question (with and without JavaScript).
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  await page.getByRole('link', { name: 'All conversations' }).click();
  const row = page.getByTestId('conversation');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('conversation-channel')).toHaveText('Chat');
  // The last message, cut at the spec's 30 characters.
  await expect(row.getByTestId('conversation-preview')).toContainText('Assistant: ');
  await expect(row.getByTestId('conversation-preview')).toContainText('…');
});

test('an answer shows the memory it came from, linked to the memory @nojs', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request);
  const memory = await addMemory(request, account, businessId, {
    type: 'answered_question',
    title: 'Do you take card payments?',
    content: 'Do you take card payments?',
    answer: 'Yes, we take all major cards and contactless payments.',
  });
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  const reply = await ask(page, 'Do you take card payments?');
  await expect(reply.getByTestId('message-content')).toContainText('contactless');
  const source = reply.getByTestId('message-source').first();
  await expect(source).toHaveText('Do you take card payments?');
  await expect(source).toHaveAttribute('href', `/dashboard/memories/${memory._id}`);
});

test('the reply streams in as it is produced, then the stored message takes its place', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request);
  // The slow OpenAI-compatible stand-in of the e2e run sends a few words every 120 ms.
  await saveSettings(request, account, businessId, { assistant: { provider: 'openai-compatible' } });
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');

  // Record the streaming reply's text at every change of the page.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __streamed: string[] }).__streamed = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="streaming-text"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('textbox', { name: 'Message' }).fill('Can you tell me about parking?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  // Part of the reply is on the page while the rest is still being written.
  const streaming = page.getByTestId('streaming-reply');
  await expect(streaming).toHaveAttribute('data-phase', 'streaming');
  await expect(streaming).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('streaming-text')).toContainText('Thanks for asking');

  // Then the whole reply, stored (the streaming bubble is gone).
  await expect(lastMessage(page)).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(lastMessage(page).getByTestId('message-content')).toContainText('so you can watch it arrive.');
  await expect(page.getByTestId('streaming-reply')).toHaveCount(0);
  const streamed = await page.evaluate(() => (window as unknown as { __streamed: string[] }).__streamed);
  const final = (await lastMessage(page).getByTestId('message-content').textContent()) ?? '';
  expect(streamed.length).toBeGreaterThan(2);
  expect(streamed[0].length).toBeLessThan(final.length);
  // Checked on the recorded changes, not live: a busy test machine may only look after the last word.
  expect(streamed.some((text) => text.includes('Thanks for asking') && !text.includes('watch it arrive.'))).toBe(true);
  await expect(page.getByTestId('chat-message')).toHaveCount(2);
});

test('a failed stream says so in place: the server message, or Streaming failed', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request);
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);

  await page.route('**/reply', (route) =>
    route.fulfill({ status: 503, json: { errors: ['The assistant is busy. Please try again.'] } }),
  );
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('chat-error')).toHaveText('The assistant is busy. Please try again.');

  await page.unroute('**/reply');
  await page.route('**/reply', (route) => route.fulfill({ status: 500, body: 'upstream exploded' }));
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello again?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('chat-error')).toHaveText('Streaming failed');
});

test('a message posted elsewhere appears in the open conversation without a reload', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request);
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  const reloads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads.push(frame.url());
  });

  await api(
    request,
    `businesses/conversations/${businessId}/update/${conversation.id}`,
    { message: 'Hello from the other tab' },
    account.token,
  );
  await expect(page.getByTestId('chat-message').first()).toContainText('Hello from the other tab');
  await expect(page.getByTestId('chat-message')).toHaveCount(2);
  expect(reloads).toEqual([]);
});
