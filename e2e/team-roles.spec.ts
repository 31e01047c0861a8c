import { expect, test } from '@playwright/test';
import { PERMISSION_LABELS } from '../contract/permissions';
import { api, signIn } from './support/helpers';
import { member, owner } from './support/team';

test('making a member admin asks first, and an admin can be made a member again @nojs', async ({ page, request }) => {
  // Three confirmations, each a page load without JavaScript.
  test.slow();
  const { account, businessId } = await owner(request);
  const { account: colleague, memberId } = await member(request, account, businessId, ['customers/view']);
  await signIn(page, account);
  await page.goto(`/dashboard/users/${memberId}`);

  // The first click only asks; cancelling changes nothing.
  await page.getByRole('link', { name: 'Make admin' }).click();
  await expect(page.getByText(`Make ${colleague.name} an admin?`)).toBeVisible();
  await page
    .getByRole('link', { name: 'Cancel' })
    .or(page.getByRole('button', { name: 'Cancel' }))
    .first()
    .click();
  await expect(page.getByTestId('member-role')).toHaveText('Member');

  await page.getByRole('link', { name: 'Make admin' }).click();
  await page.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByTestId('member-role')).toHaveText('Admin');

  // And back: they keep the permissions they had besides admin.
  await page.getByRole('link', { name: 'Remove admin' }).click();
  await expect(page.getByText(`Take admin away from ${colleague.name}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Remove admin' }).click();
  await expect(page.getByTestId('member-role')).toHaveText('Member');
  await expect(page.getByLabel(PERMISSION_LABELS['customers/view'])).toBeChecked();
  await expect(page.getByLabel(PERMISSION_LABELS['notes/view'])).not.toBeChecked();
});

test('another admin cannot remove or demote the owner, and the owner hands the business over @nojs', async ({
  page,
  request,
}) => {
  // A whole journey (sign-in, several forms and page loads): more steps than most tests.
  test.slow();
  const { account, businessId } = await owner(request);
  const {
    account: coAdmin,
    memberId: coAdminId,
    userId: coAdminUserId,
  } = await member(request, account, businessId, []);
  await api(request, `businesses/users/${businessId}/make-admin`, { user_id: coAdminUserId }, account.token);
  const { users } = await api<{ users: { _id: string; user: { email: string } }[] }>(
    request,
    `businesses/users/${businessId}/list`,
    undefined,
    account.token,
  );
  const ownerId = users.find((entry) => entry.user.email === account.email)!._id;

  // The second admin sees the owner marked, with nothing to remove or demote them.
  await signIn(page, coAdmin);
  await page.goto('/dashboard/users');
  await expect(page.getByTestId('member-row').filter({ hasText: account.name }).getByTestId('member-owner')).toHaveText(
    'Owner',
  );
  await page.goto(`/dashboard/users/${ownerId}`);
  await expect(page.getByTestId('member-owner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Remove member' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Remove admin' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Transfer ownership' })).toHaveCount(0);
  // Nor through the confirmation page that works without JavaScript.
  await page.goto(`/dashboard/users/${ownerId}?confirm=remove`);
  await expect(page.getByRole('button', { name: 'Remove member' })).toHaveCount(0);

  // The owner hands the business to the second admin.
  await page.context().clearCookies();
  await signIn(page, account);
  await page.goto(`/dashboard/users/${coAdminId}`);
  await page.getByRole('link', { name: 'Transfer ownership' }).click();
  await expect(page.getByText(`Hand this business to ${coAdmin.name}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Transfer ownership' }).click();
  // (The toasts' wording is checked by the API tests; on a busy machine a 5 s toast can be gone before it is looked for.)
  await expect(page.getByTestId('member-owner')).toBeVisible();
  // The former owner is an ordinary admin now: no more transfers from them.
  await expect(page.getByRole('link', { name: 'Transfer ownership' })).toHaveCount(0);
});
