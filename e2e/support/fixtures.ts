import { test as base } from '@playwright/test';
import { api, createAccount, signIn, type Account } from './helpers';

export { expect } from '@playwright/test';

export type SignedInOwner = { account: Account; businessId: string; businessName: string };

type Fixtures = {
  /**
   * Signs the page in as the owner of a new business (its wizard finished unless told otherwise)
   * and answers with the account and the business, for seeding through the API. A function, so a
   * spec signs in where its story does.
   */
  owner: (options?: { business?: 'finished' | 'unfinished' }) => Promise<SignedInOwner>;
};

export const test = base.extend<Fixtures>({
  owner: async ({ page, request }, provide) => {
    await provide(async ({ business = 'finished' } = {}) => {
      const account = await createAccount(request, { business });
      const { businesses } = await api<{ businesses: { _id: string; name: string }[] }>(
        request,
        'users/list-businesses',
        undefined,
        account.token,
      );
      await signIn(page, account);
      return { account, businessId: businesses[0]._id, businessName: businesses[0].name };
    });
  },
});
