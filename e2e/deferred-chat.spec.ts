import { expect, test } from '@playwright/test';
import { api } from './support/helpers';
import { addService, ask, assistantOwner } from './support/assistant';

/**
 * The chat page's message box (conform and the message schema) and push-to-talk (the recorder
 * and the audio player) are not in its first load (app/components/deferred.tsx): they arrive
 * after the page has hydrated. Their chunks are held here until it has, to open that window:
 * the box waits, disabled, and the server's note about voice stays; once they arrive the
 * message is sent through the streaming reply, not a form post.
 */
test('the message box and push-to-talk load after the page, then the reply streams in', async ({ page, request }) => {
  const { account, businessId } = await assistantOwner(page, request);
  await addService(request, account, businessId, { name: 'Oven deep clean', price: '£85' });
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  for (const chunk of ['chat-composer', 'voice']) {
    await page.route(`**/assets/${chunk}-*.js`, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  const message = page.getByRole('textbox', { name: 'Message' });
  // The page has hydrated (its own effects ran) while the box's chunk is still held.
  await expect(message).toBeDisabled();
  await expect(page.getByText('Talking to the assistant needs JavaScript; you can still type.')).toBeVisible();
  await expect(page.getByTestId('push-to-talk')).toHaveCount(0);

  release();
  await expect(message).toBeEnabled();
  await expect(page.getByTestId('push-to-talk')).toBeVisible();
  const streamed = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/reply'));
  const reply = await ask(page, 'How much is an oven deep clean?');
  await streamed;
  await expect(reply.getByTestId('message-content')).toContainText('£85');
  await expect(message).toHaveValue('');
});
