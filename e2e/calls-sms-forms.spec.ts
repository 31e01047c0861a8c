import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, createAccount, signIn } from './support/helpers';

/** Calls, SMS and forms are made by the systems; dev/system-items stands in for them here. */
async function systemItems(request: APIRequestContext, token: string) {
  const { businesses } = await api<{ businesses: { _id: string }[] }>(
    request,
    'users/list-businesses',
    undefined,
    token,
  );
  const id = businesses[0]._id;
  const make = (body: Record<string, unknown>) =>
    api<{ item: { _id: string } }>(request, `dev/system-items/${id}/create`, body, token);
  return {
    voicemail: await make({
      type: 'call',
      status: 'voicemail',
      from: '+447700900111',
      body: 'Left a message about the boiler',
    }),
    answered: await make({
      type: 'call',
      direction: 'outbound',
      status: 'completed',
      to: '+447700900222',
      details: {
        duration_seconds: 75,
        summary: 'Booked a service for Friday.',
        transcript: 'Caller: Hello\nAssistant: Hello, how can I help?',
      },
    }),
    sms: await make({ type: 'sms', from: '+447700900333', body: 'Are you open on Saturday?' }),
    form: await make({
      type: 'form',
      body: 'Quote request from Ada',
      details: { form_name: 'Contact us', fields: { name: 'Ada Lovelace', message: 'Please call me back' } },
    }),
  };
}

test('calls show the spec labels, the summary and transcript, and are deleted then restored @nojs', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { business: 'finished' });
  const items = await systemItems(request, account.token);
  await signIn(page, account);

  await page.goto('/dashboard/calls');
  await expect(page.getByText('Voicemail').first()).toBeVisible();
  await expect(page.getByText('Outbound').first()).toBeVisible();
  // A caller who is not a contact is shown by number, grouped as people read it (issue 22, item 28).
  await expect(page.getByText('07700 900222').first()).toBeVisible();
  await expect(page.getByText('+447700900222')).toHaveCount(0);

  await page.goto(`/dashboard/calls/${items.answered.item._id}`);
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByText('Booked a service for Friday.')).toBeVisible();
  // A call without a recording says so, with no length beside "Recording" (issue 22, item 26); the call's length is its own line.
  await expect(page.getByRole('heading', { name: 'Recording' })).toHaveText('Recording');
  await expect(page.getByText('This call has no recording.')).toBeVisible();
  await expect(page.getByTestId('call-outcome')).toContainText('The call lasted 1:15.');
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();

  await page.getByRole('link', { name: 'Delete call' }).click();
  await expect(page.getByRole('heading', { name: 'Delete this call?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete call' }).click();
  await expect(page.getByTestId('undo-banner')).toContainText('The call was deleted.');
  await page.getByRole('button', { name: 'Restore' }).click();
  // The restore answers with the call's page: going there before that would race the restore (a 404).
  await expect(page).toHaveURL(new RegExp(`/dashboard/calls/${items.answered.item._id}$`));
  await page.goto(`/dashboard/calls/${items.answered.item._id}`);
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
});

test('SMS and forms are listed and show their content @nojs', async ({ page, request }) => {
  const account = await createAccount(request, { business: 'finished' });
  const items = await systemItems(request, account.token);
  await signIn(page, account);

  await page.goto('/dashboard/sms');
  await expect(page.getByText('Are you open on Saturday?')).toBeVisible();
  await page.goto(`/dashboard/sms/${items.sms.item._id}`);
  await expect(page.getByText('Are you open on Saturday?')).toBeVisible();

  await page.goto(`/dashboard/forms/${items.form.item._id}`);
  await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
  await expect(page.getByText('Please call me back')).toBeVisible();

  // Home merges them all.
  await page.goto('/dashboard/home');
  await expect(page.getByText('Voicemail').first()).toBeVisible();
});
