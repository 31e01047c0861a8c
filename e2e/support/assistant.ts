import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { api, createAccount, signIn, type Account } from './helpers';

/** A signed-in owner of a business (wizard finished unless told otherwise) and its id. */
export async function assistantOwner(
  page: Page,
  request: APIRequestContext,
  business: 'finished' | 'unfinished' = 'finished',
) {
  const account = await createAccount(request, { business });
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  await signIn(page, account);
  return { account, businessId: businesses[0]._id };
}

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

export async function saveSettings(
  request: APIRequestContext,
  account: Account,
  businessId: string,
  body: Record<string, unknown>,
) {
  await api(request, `businesses/settings/${businessId}/set`, body, account.token);
}

export async function addMemory(
  request: APIRequestContext,
  account: Account,
  businessId: string,
  memory: Record<string, unknown>,
) {
  return api<{ memory: { _id: string } }>(
    request,
    `businesses/memories/${businessId}/create`,
    { status: 'active', ...memory },
    account.token,
  ).then((d) => d.memory);
}

export async function addService(
  request: APIRequestContext,
  account: Account,
  businessId: string,
  service: Record<string, unknown>,
) {
  return api<{ service: { _id: string } }>(
    request,
    `businesses/services/${businessId}/create`,
    { status: 'active', frequency: 0, ...service },
    account.token,
  ).then((d) => d.service);
}

/** The newest message of the chat (the stored one, once the page has caught up with the reply). */
export const lastMessage = (page: Page) => page.getByTestId('chat-message').last();

/** Ask in the message box and wait until the stored reply is on the page (JavaScript on or off). */
export async function ask(page: Page, question: string) {
  const before = await page.getByTestId('chat-message').count();
  await page.getByRole('textbox', { name: /Message|Your question/ }).fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('chat-message')).toHaveCount(before + 2, { timeout: 20_000 });
  const reply = lastMessage(page);
  await expect(reply).toHaveAttribute('data-role', 'assistant');
  await expect(reply).toHaveAttribute('data-status', 'complete');
  return reply;
}
