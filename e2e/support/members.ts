import { expect, type APIRequestContext } from '@playwright/test';
import { api, createAccount, type Account } from './helpers';

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

/** A member who joined through the API: invited with these permissions, then accepted. */
export async function joinedMember(request: APIRequestContext, ownerAccount: Account, businessId: string, permissions: string[]) {
  const account = await createAccount(request);
  await api(request, `businesses/users/${businessId}/invite`, { email: account.email, permissions }, ownerAccount.token);
  const token = (await invitationSentTo(request, account.email)).split('/').pop();
  await api(request, `businesses/users/${businessId}/accept`, { token }, account.token);
  const { users } = await api<{ users: { _id: string; user: { email: string } }[] }>(request, `businesses/users/${businessId}/list`, undefined, ownerAccount.token);
  return { account, memberId: users.find((entry) => entry.user.email === account.email)!._id };
}
