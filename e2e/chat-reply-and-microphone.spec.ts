import { expect, test, type Page } from '@playwright/test';
import { messages } from '../contract/messages';
import { api } from './support/helpers';
import { ask, assistantOwner } from './support/assistant';

/**
 * Issue 22, item 19: after Send the new reply is in view above the message box (which stays
 * at the bottom of the screen), on a laptop and on a phone; with no microphone, "Hold to talk"
 * says so in words a person understands instead of the browser's "Requested device not found".
 */
async function replyIsAboveTheMessageBox(page: Page) {
  const reply = page.getByTestId('chat-message').last();
  const dock = page.getByTestId('chat-dock');
  // Measured once scrolling has settled: the reply's last line ends above the box's top edge.
  await expect
    .poll(async () => {
      const [replyBox, dockBox] = await Promise.all([reply.boundingBox(), dock.boundingBox()]);
      return replyBox && dockBox ? Math.round(dockBox.y - (replyBox.y + replyBox.height)) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  // And it is on the screen, not above it.
  const replyBox = (await reply.boundingBox())!;
  expect(replyBox.y).toBeGreaterThanOrEqual(0);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`after Send the reply is shown above the message box at ${viewport.width} px`, async ({
    page,
    request,
  }, testInfo) => {
    test.skip(
      testInfo.project.use.javaScriptEnabled === false,
      'the page keeps the newest message in view with JavaScript',
    );
    // Three answered questions before the one asked on the page.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const { account, businessId } = await assistantOwner(page, request);
    const { conversation } = await api<{ conversation: { id: string } }>(
      request,
      `businesses/conversations/${businessId}/create`,
      {},
      account.token,
    );
    // A conversation long enough to scroll.
    for (const question of ['What are your opening hours?', 'Where are you based?', 'Can I book for Saturday?']) {
      await api(
        request,
        `businesses/conversations/${businessId}/update/${conversation.id}`,
        { message: question },
        account.token,
      );
    }
    await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
    await expect(page.getByTestId('chat-message')).toHaveCount(6);
    await expect(page.getByTestId('chat-message').last()).toHaveAttribute('data-status', 'complete');
    await ask(page, 'How much is a callout?');
    await replyIsAboveTheMessageBox(page);
  });
}

test('with no microphone, Hold to talk says so plainly', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, 'voice needs JavaScript');
  // What Chromium answers when the machine has no microphone at all.
  await page.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    });
  });
  const { account, businessId } = await assistantOwner(page, request);
  const { conversation } = await api<{ conversation: { id: string } }>(
    request,
    `businesses/conversations/${businessId}/create`,
    {},
    account.token,
  );
  await page.goto(`/dashboard/assistant-conversations/${conversation.id}`);
  const voice = page.getByTestId('voice');
  await expect(voice).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('push-to-talk').click();
  await expect(voice).toHaveAttribute('data-state', 'error');
  await expect(voice.getByRole('alert')).toHaveText(messages.voice.noMicrophone);
  await expect(voice).not.toContainText('Requested device not found');
});
