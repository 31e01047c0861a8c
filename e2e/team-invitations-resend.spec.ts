import { expect, test } from '@playwright/test';
import { PERMISSION_LABELS } from '../contract/permissions';
import { messages } from '../contract/messages';
import { signIn, uniqueEmail } from './support/helpers';
import { invitationSentTo, inviteForm, owner, toast } from './support/team';

test('inviting the same email again warns and keeps the pending invitation; Resend mails it with its permissions @nojs', async ({
  page,
  request,
}) => {
  // A whole journey (sign-in, several forms and page loads): more steps than most tests.
  test.slow();
  const { account } = await owner(request);
  await signIn(page, account);
  await page.goto('/dashboard/users');

  const invitee = uniqueEmail('invitee');
  await inviteForm(page).getByLabel('Email').fill(invitee);
  await inviteForm(page).getByLabel(PERMISSION_LABELS['customers/view']).check();
  await inviteForm(page).getByLabel(PERMISSION_LABELS['notes/view']).check();
  await inviteForm(page).getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Invitation sent.')).toBeVisible();
  const row = page.getByTestId('invitation-row').filter({ hasText: invitee });
  await expect(row).toContainText(PERMISSION_LABELS['notes/view']);
  const firstLink = await invitationSentTo(request, invitee);

  // Again, the checkboxes left empty: refused with a warning, nothing replaced.
  await inviteForm(page).getByLabel('Email').fill(invitee);
  await inviteForm(page).getByRole('button', { name: 'Send invitation' }).click();
  await expect(inviteForm(page).getByText(messages.team.alreadyInvited)).toBeVisible();
  await expect(inviteForm(page).getByLabel('Email')).toHaveValue(invitee);
  await expect(toast(page, 'Invitation sent.')).toHaveCount(0);
  await page.goto('/dashboard/users');
  await expect(page.getByTestId('invitation-row')).toHaveCount(1);
  await expect(row).toContainText(`${PERMISSION_LABELS['customers/view']}, ${PERMISSION_LABELS['notes/view']}`);
  await expect(row).not.toContainText('No permissions');

  // Resend: the same permissions, a new link.
  await row.getByRole('button', { name: 'Resend' }).click();
  await expect(toast(page, messages.team.invitationResent)).toBeVisible();
  await expect(row).toContainText(`${PERMISSION_LABELS['customers/view']}, ${PERMISSION_LABELS['notes/view']}`);
  await expect.poll(() => invitationSentTo(request, invitee)).not.toBe(firstLink);
  const newLink = await invitationSentTo(request, invitee);
  await page.goto(newLink);
  await expect(page.getByTestId('invitation-email')).toHaveText(invitee);
});
