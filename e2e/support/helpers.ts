import { faker } from '@faker-js/faker';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now().toString(36)}.${faker.string.alphanumeric(8).toLowerCase()}@example.com`;
}

export function uniqueMobile(): string {
  return `+4477009${faker.string.numeric(5)}`;
}

/** The newest 6-digit code sent to an address, read from the dev outbox over HTTP. */
export async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.post('/api/v1/dev/outbox/list');
      const { data } = (await response.json()) as { data: { messages: { to: string; body: string }[] } };
      code = data.messages.find((message) => message.to === to)?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** One v1 call (POST, JSON) with the account's token; throws with the API's answer on failure. */
export async function api<T>(request: APIRequestContext, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await request.post(`/api/v1/${path}`, {
    data: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const payload = await response.json();
  if (!response.ok()) throw new Error(`${path} failed (${response.status()}): ${JSON.stringify(payload)}`);
  return payload.data as T;
}

export type Account = { name: string; email: string; password: string; token: string };

/** A user through the v1 API, optionally with a business (wizard finished unless told otherwise). */
export async function createAccount(
  request: APIRequestContext,
  options: { business?: 'none' | 'unfinished' | 'finished'; mobile?: boolean } = {},
): Promise<Account & { businessName?: string }> {
  const account = { name: faker.person.fullName(), email: uniqueEmail(), password: PASSWORD };
  const { token } = await api<{ token: string }>(request, 'users/create', account);
  if (options.mobile || options.business === 'unfinished' || options.business === 'finished') {
    const mobile = uniqueMobile();
    await api(request, 'users/mobile-submit', { mobile }, token);
    await api(request, 'users/mobile-verify', { mobile, code: await codeSentTo(request, mobile) }, token);
  }
  if (!options.business || options.business === 'none') return { ...account, token };
  const businessName = `${faker.company.name()} ${faker.string.alphanumeric(4)}`;
  const { business } = await api<{ business: { _id: string } }>(
    request,
    'businesses/create',
    { name: businessName, email: uniqueEmail('biz'), country: 'GB', telephones: ['+442071234567'] },
    token,
  );
  // The wizard's last steps arrive in later issues: fixtures finish it through the API.
  if (options.business === 'finished')
    await api(request, `businesses/completed-test/${business._id}`, undefined, token);
  return { ...account, token, businessName };
}

/** Fill and send the login form (whatever the outcome). */
export async function submitLogin(page: Page, account: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Sign in and wait until the browser has left the login page. */
export async function signIn(page: Page, account: { email: string; password: string }, path = '/login') {
  await submitLogin(page, account, path);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A toast (role status) saying this text. */
export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
