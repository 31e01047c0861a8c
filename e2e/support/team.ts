import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { api, createAccount, type Account } from './helpers';

export { toast } from './helpers';

/** The path of the newest invitation link emailed to an address, read from the dev outbox. */
export async function invitationSentTo(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.post('/api/v1/dev/outbox/list');
      const { data } = (await response.json()) as { data: { messages: { to: string; body: string }[] } };
      link = data.messages.find((message) => message.to === to)?.body.match(/\/invitations\/[\w.~-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** A second browser with the project's settings (JavaScript on or off), for the invitee. */
export async function secondBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  return context.newPage();
}

/** An owner of a finished business, with the business's id. */
export async function owner(request: APIRequestContext) {
  const account = await createAccount(request, { business: 'finished' });
  const { businesses } = await api<{ businesses: { _id: string; name: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    account.token,
  );
  return { account, businessId: businesses[0]._id, businessName: businesses[0].name };
}

/** A member who joined through the API: invited with these permissions, then accepted. */
export async function member(
  request: APIRequestContext,
  ownerAccount: Account,
  businessId: string,
  permissions: string[],
) {
  const account = await createAccount(request);
  await api(
    request,
    `businesses/users/${businessId}/invite`,
    { email: account.email, permissions },
    ownerAccount.token,
  );
  const token = (await invitationSentTo(request, account.email)).split('/').pop();
  await api(request, `businesses/users/${businessId}/accept`, { token }, account.token);
  const { users } = await api<{ users: { _id: string; user: { id: string; email: string } }[] }>(
    request,
    `businesses/users/${businessId}/list`,
    undefined,
    ownerAccount.token,
  );
  const entry = users.find((listed) => listed.user.email === account.email)!;
  return { account, memberId: entry._id, userId: entry.user.id };
}

/** The invite form on the team page (the help drawer has an Email field of its own). */
export const inviteForm = (page: Page) => page.getByRole('region', { name: 'Invite a member' });
