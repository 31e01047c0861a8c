import { PageHeader } from '#app/components/ui/page-header';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { messages } from '#contract/messages';
import {
  changePasswordSchema,
  deleteAccountSchema,
  emailChangeVerifySchema,
  profileFormSchema,
} from '#contract/schemas/user';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard } from '#app/lib/guard.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { destroySession } from '#app/lib/session.server';
import { redirectWithToasts, apiToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';
import { AccountForms } from '#app/routes/dashboard+/__account-forms.deferred';

export const meta: MetaFunction = () => [{ title: 'Account settings · Business Assistant' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const devices = await v1(state.caller).users.devices();
  const url = new URL(request.url);
  const confirming = url.searchParams.get('sign_out');
  // Set after a new email was saved: the code it was sent is asked for on this page.
  const pendingEmail = url.searchParams.get('confirm_email')?.trim().slice(0, 200) || null;
  return {
    user: state.user,
    devices: devices.ok ? devices.data.devices : [],
    timeZone: businessTimeZone(state),
    confirming,
    pendingEmail,
  };
}

const SELF = '/dashboard/account-settings';

/** The forms on one page, told apart by a hidden intent field. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, session, user } = await requireDashboard(request, context);
  const formData = await request.formData();
  const intent = formData.get('intent');

  if (intent === 'revoke-device') {
    const deviceId = String(formData.get('device_id') ?? '');
    const result = await v1(caller).users.revokeDevice(deviceId);
    return redirectWithToasts(request, SELF, apiToasts(v1Calls.users.revokeDevice.path, result));
  }

  if (intent === 'email-code') {
    // The code sent to a new email address: only with it does the address change.
    const submission = parseWithZod(formData, { schema: emailChangeVerifySchema });
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 });
    if (!(await context.rateLimit('email-change-verify'))) {
      return data({ intent, result: submission.reply({ formErrors: [messages.rateLimited] }) }, { status: 429 });
    }
    const result = await v1(caller).users.emailChangeVerify(submission.value);
    if (!result.ok) return data({ intent, result: replyWithApiErrors(submission, result).data }, { status: 400 });
    return redirectWithToasts(request, SELF, apiToasts(v1Calls.users.emailChangeVerify.path, result));
  }

  if (intent === 'delete') {
    const submission = parseWithZod(formData, { schema: deleteAccountSchema });
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 });
    const result = await v1(caller).users.delete();
    if (!result.ok) return data({ intent, result: submission.reply({ formErrors: result.errors }) }, { status: 400 });
    // Signed out: the session is destroyed; the toast rides its own cookie.
    return redirectWithToasts(request, '/login', apiToasts(v1Calls.users.delete.path, result), {
      headers: { 'Set-Cookie': await destroySession(session) },
    });
  }

  const schema = intent === 'password' ? changePasswordSchema : profileFormSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') {
    return data(
      { intent, result: submission.reply({ hideFields: ['current_password', 'password'] }) },
      { status: 400 },
    );
  }
  // An emptied mobile field clears the number (the API reads '' as none).
  const payload =
    intent === 'password'
      ? submission.value
      : { ...submission.value, mobile: (submission.value as { mobile?: string }).mobile ?? '' };
  const result = await v1(caller).users.update(payload);
  if (!result.ok) {
    const reply = replyWithApiErrors(submission, result, { hideFields: ['current_password', 'password'] });
    return data({ intent, result: reply.data }, { status: 400 });
  }
  // A new email is only mailed a code by users/update: the page then asks for that code.
  const newEmail = intent === 'password' ? undefined : (submission.value as { email: string }).email;
  const next =
    newEmail && newEmail !== user.email ? `${SELF}?${new URLSearchParams({ confirm_email: newEmail })}` : SELF;
  return redirectWithToasts(request, next, apiToasts(v1Calls.users.update.path, result));
}

export default function AccountSettingsRoute() {
  const { user, devices, timeZone, confirming, pendingEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Account settings" />
      <AccountForms
        user={user}
        devices={devices}
        timeZone={timeZone}
        confirming={confirming}
        pendingEmail={pendingEmail}
        actionData={actionData}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
