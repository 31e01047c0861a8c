import { expect, test } from '@playwright/test';
import { codeSentTo, createAccount, signIn, submitLogin, uniqueEmail } from './support/helpers';

test('a user edits their name and sees a success toast @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  await page.getByLabel('Name', { exact: true }).fill('Grace Renamed');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been updated.' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Renamed');
  await page.getByLabel('Email').fill('not-valid@');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('User e-mail is not valid.')).toBeVisible();
});

test('a new email address changes only with the code sent to it, asked for on the page @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  const next = uniqueEmail();
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  await page.getByLabel('Email', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your new email address' })).toBeVisible();
  await expect(page.getByText(`We have sent a 6-digit code to ${next}`).first()).toBeVisible();
  // Until the code comes back the old address stays.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);

  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByText('The code is not valid or has expired.')).toBeVisible();

  await page.getByLabel('Code', { exact: true }).fill(await codeSentTo(request, next));
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email address has been changed.' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(next);
  await expect(page.getByRole('heading', { name: 'Confirm your new email address' })).toHaveCount(0);
});

test('a user changes their password with the current one', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('another good password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password').fill('another good password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
});

test('deleting the account asks for confirmation, then signs out for good @nojs', async ({
  page,
  request,
}, testInfo) => {
  const account = await createAccount(request, { business: 'finished' });
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  // Without the confirmation box ticked nothing is deleted (the browser's own check stops
  // the form when JavaScript is off; with it on the message says what to do).
  await page.getByRole('button', { name: 'Delete my account' }).click();
  if (testInfo.project.name === 'js')
    await expect(page.getByText('Tick the box to confirm you want to delete your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);
  await page.getByLabel('I understand, delete my account.').check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  await submitLogin(page, account);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});

test('signed-in devices list the phone app with its details; signing one out asks first @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  // The phone app signs in with spec section 7's device headers.
  const phone = await request.post('/api/v1/users/login', {
    data: { email: account.email, password: account.password },
    headers: {
      mode: 'capacitor',
      'device-name': 'Grace iPhone',
      'device-model': 'iPhone15,2',
      'device-platform': 'ios',
      'device-os-version': '17.5',
      'app-version': '1.4.0',
      'app-build': '42',
    },
  });
  const phoneToken = ((await phone.json()) as { data: { token: string } }).data.token;
  await signIn(page, account);
  await page.goto('/dashboard/account-settings');
  const devices = page.getByTestId('signed-in-device');
  await expect(devices).toHaveCount(3);
  await expect(devices.filter({ hasText: 'This device' })).toContainText('Web browser');
  const iphone = devices.filter({ hasText: 'Grace iPhone' });
  await expect(iphone).toContainText('iPhone15,2 · iOS 17.5 · app 1.4.0 (42)');

  await iphone.getByRole('link', { name: 'Sign out Grace iPhone' }).click();
  const confirmation = page
    .getByRole('dialog', { name: 'Sign out device' })
    .or(page.getByRole('alertdialog', { name: 'Sign out device' }));
  await expect(confirmation).toContainText('Sign out Grace iPhone?');
  await confirmation.getByRole('button', { name: 'Sign out device' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The device has been signed out.' })).toBeVisible();
  await expect(page.getByTestId('signed-in-device')).toHaveCount(2);
  await expect(page.getByTestId('signed-in-device').filter({ hasText: 'Grace iPhone' })).toHaveCount(0);
  expect(
    (await request.post('/api/v1/users/get', { headers: { authorization: `Bearer ${phoneToken}` } })).status(),
  ).toBe(401);
});
