import { expect, test, type Page } from '@playwright/test';
import { faker } from '@faker-js/faker';
import { api, createAccount, signIn, uniqueEmail } from './support/helpers';

/** A finished business with a lead catcher; its id is the chat's public address. */
async function businessWithLeadCatcher(request: Parameters<typeof createAccount>[0]) {
  const account = await createAccount(request, { business: 'finished' });
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  const businessId = businesses[0]._id;
  const { system } = await api<{ system: { _id: string } }>(
    request,
    `businesses/systems/${businessId}/create`,
    { name: 'leadcatcher' },
    account.token,
  );
  return { account, businessId, systemId: system._id };
}

const log = (page: Page) => page.getByRole('list', { name: 'Conversation' });

test('a visitor chats on the hosted page, the assistant answers, a member replies from the inbox and the visitor sees it @nojs', async ({
  browser,
  page,
  request,
  javaScriptEnabled,
}) => {
  const seeded = await businessWithLeadCatcher(request);
  const visitorName = `${faker.person.firstName()} Visitor`;
  const visitorEmail = uniqueEmail('chat');

  // The visitor uses the short link, which redirects to the API's page.
  const visitor = await browser.newContext({ javaScriptEnabled });
  const chat = await visitor.newPage();
  const short = await request.get(`/chat/${seeded.systemId}`, { maxRedirects: 0 });
  expect(short.status()).toBe(302);
  expect(short.headers().location).toBe(`/api/v1/leadcatcher/${seeded.systemId}/chat`);
  await chat.goto(`/chat/${seeded.systemId}`);
  await expect(chat).toHaveURL(new RegExp(`/api/v1/leadcatcher/${seeded.systemId}/chat$`));
  await chat.getByLabel('Name').fill(visitorName);
  await chat.getByLabel('Email').fill(visitorEmail);
  await chat.getByRole('button', { name: 'Start chat' }).click();
  await expect(log(chat)).toBeAttached();

  await chat.getByLabel('Your message').fill('Do you open on Sundays?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(log(chat).locator('li.you')).toContainText('Do you open on Sundays?');
  await expect(log(chat).locator('li.assistant').first()).toContainText('Assistant');
  await expect(log(chat).locator('li.assistant').first()).not.toHaveText('Assistant');

  // A member finds the thread in the inbox and replies.
  await signIn(page, seeded.account);
  await page.goto('/dashboard/inbox');
  const thread = page.getByTestId('inbox-thread').filter({ hasText: visitorName });
  await expect(thread).toBeVisible();
  await thread.getByRole('link').click();
  const messages = page.getByTestId('inbox-message');
  const question = messages.filter({ hasText: 'Do you open on Sundays?' });
  await expect(question).toHaveAttribute('data-author', 'contact');
  await expect(question).toContainText('· website chat');
  await expect(page.locator('[data-testid="inbox-message"][data-author="assistant"]').first()).toContainText(
    'Assistant',
  );
  // The reply goes where the visitor last wrote: the chat, not a text.
  const reply = page.getByLabel(`Reply to ${visitorName} in the website chat`);
  await expect(page.getByText('Goes to their website chat.')).toBeVisible();
  await reply.fill('Yes, ten to four. See you then!');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.locator('[data-testid="inbox-message"][data-author="member"]')).toContainText(
    'Yes, ten to four. See you then!',
  );

  // The visitor sees it: polled in with JavaScript, on the next load without.
  const firstName = seeded.account.name.split(' ')[0];
  const team = log(chat).locator('li.team');
  if (javaScriptEnabled) {
    await expect(team).toContainText('Yes, ten to four. See you then!', { timeout: 15_000 });
  } else {
    await expect(team).toHaveCount(0);
    await chat.reload();
    await expect(team).toContainText('Yes, ten to four. See you then!');
  }
  await expect(team).toContainText(firstName);
  await visitor.close();
});

test('the lead catcher page keeps the chat link and iframe snippet after its first lead @nojs', async ({
  page,
  request,
}) => {
  const seeded = await businessWithLeadCatcher(request);
  // The first lead marks the install step done.
  const lead = await request.post(`/api/v1/leadcatcher/${seeded.systemId}/submit`, {
    data: { name: 'First Lead', email: uniqueEmail('lead'), message: 'Hi', website: '' },
  });
  expect(lead.ok()).toBe(true);

  await signIn(page, seeded.account);
  await page.goto(`/dashboard/systems/${seeded.systemId}`);
  await expect(page.locator('[data-step="install"]')).toHaveAttribute('data-status', 'done');
  const section = page.getByTestId('website-chat');
  await expect(section.getByRole('heading', { name: 'Website chat' })).toBeVisible();
  await expect(section.getByTestId('chat-short-link')).toHaveText(new RegExp(`/chat/${seeded.systemId}$`));
  await expect(section.getByTestId('hosted-chat-link')).toHaveAttribute(
    'href',
    new RegExp(`/api/v1/leadcatcher/${seeded.systemId}/chat$`),
  );
  await expect(section.getByTestId('snippet-chat')).toContainText(`<iframe src="`);
  await expect(section.getByTestId('snippet-chat')).toContainText(`/api/v1/leadcatcher/${seeded.systemId}/chat"`);

  // The short link leads to the chat.
  const shortLink = (await section.getByTestId('chat-short-link').textContent())!.trim();
  await page.goto(new URL(shortLink).pathname);
  await expect(page.getByRole('button', { name: 'Start chat' })).toBeVisible();
});
