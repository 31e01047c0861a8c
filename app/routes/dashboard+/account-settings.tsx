import { getFormProps, getInputProps } from '@conform-to/react';
import { PageHeader } from '#app/components/ui/page-header';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { messages, PHONE_EXAMPLE } from '#contract/messages';
import {
  changePasswordSchema,
  deleteAccountSchema,
  emailChangeVerifySchema,
  profileFormSchema,
} from '#contract/schemas/user';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { SignedInDevices } from '#app/components/signed-in-devices';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard } from '#app/lib/guard.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { destroySession } from '#app/lib/session.server';
import { redirectWithToasts, apiToasts } from '#app/lib/toast.server';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { v1 } from '#app/lib/v1.server';
import { Card } from '#app/components/ui/card';

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
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  // A fresh form once the account is saved, so the fields show what is stored (a new email
  // typed in stays out until its code is entered).
  const [profile, profileFields] = useSchemaForm(
    `profile-${Date.parse(user.updated_at)}`,
    profileFormSchema,
    resultFor('profile'),
    {
      defaultValue: { name: user.name, email: user.email, mobile: user.mobile ?? '' },
    },
  );
  const [password, passwordFields] = useSchemaForm('password', changePasswordSchema, resultFor('password'));
  const codeResult = resultFor('email-code');
  const [emailCode, emailCodeFields] = useSchemaForm('email-code', emailChangeVerifySchema, codeResult, {
    defaultValue: { email: pendingEmail ?? '' },
  });
  // The form stays after a wrong code (the address comes back with the submission).
  const confirmEmail = pendingEmail ?? (codeResult?.initialValue?.email as string | undefined) ?? null;
  const [remove, removeFields] = useSchemaForm('delete', deleteAccountSchema, resultFor('delete'));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Account settings" />

      <Card aria-labelledby="profile-title">
        <h2 id="profile-title" className="text-lg font-semibold">
          Profile
        </h2>
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(profile)}>
          <input type="hidden" name="intent" value="profile" />
          <Field
            label="Name"
            errors={profileFields.name.errors}
            inputProps={{ ...getInputProps(profileFields.name, { type: 'text' }), autoComplete: 'name' }}
          />
          <Field
            label="Email"
            hint="A new address changes once you enter the code we send to it."
            errors={profileFields.email.errors}
            inputProps={{ ...getInputProps(profileFields.email, { type: 'email' }), autoComplete: 'email' }}
          />
          <Field
            label="Mobile"
            hint={
              user.mobile_verified
                ? 'Verified. Changing it means verifying the new number.'
                : `International format, e.g. ${PHONE_EXAMPLE}`
            }
            errors={profileFields.mobile.errors}
            inputProps={{ ...getInputProps(profileFields.mobile, { type: 'tel' }), autoComplete: 'tel' }}
          />
          <ErrorList id={profile.errorId} errors={profile.errors} />
          <div>
            <SubmitButton pendingText="Saving…" name="intent" value="profile">
              Save profile
            </SubmitButton>
          </div>
        </Form>
      </Card>

      {confirmEmail ? (
        <Card tone="brand" aria-labelledby="email-code-title">
          <h2 id="email-code-title" className="text-lg font-semibold">
            Confirm your new email address
          </h2>
          <p className="text-sm text-slate-600">
            We have sent a 6-digit code to <strong>{confirmEmail}</strong>. Until you enter it, you keep signing in with{' '}
            {user.email}. The code expires in 15 minutes.
          </p>
          <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(emailCode)}>
            <input type="hidden" name="intent" value="email-code" />
            <input type="hidden" name="email" value={confirmEmail} />
            <Field
              label="Code"
              errors={[...(emailCodeFields.code.errors ?? []), ...(emailCodeFields.email.errors ?? [])]}
              inputProps={{
                ...getInputProps(emailCodeFields.code, { type: 'text' }),
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                autoFocus: true,
              }}
            />
            <ErrorList id={emailCode.errorId} errors={emailCode.errors} />
            <div>
              <SubmitButton pendingText="Confirming…" name="intent" value="email-code">
                Confirm email
              </SubmitButton>
            </div>
          </Form>
        </Card>
      ) : null}

      <Card aria-labelledby="password-title">
        <h2 id="password-title" className="text-lg font-semibold">
          Change password
        </h2>
        <p className="text-sm text-slate-600">Other devices are signed out; this one stays signed in.</p>
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(password)}>
          <input type="hidden" name="intent" value="password" />
          <Field
            label="Current password"
            errors={passwordFields.current_password.errors}
            inputProps={{
              ...getInputProps(passwordFields.current_password, { type: 'password' }),
              autoComplete: 'current-password',
            }}
          />
          <Field
            label="New password"
            hint="8 to 64 characters."
            errors={passwordFields.password.errors}
            inputProps={{
              ...getInputProps(passwordFields.password, { type: 'password' }),
              autoComplete: 'new-password',
            }}
          />
          <ErrorList id={password.errorId} errors={password.errors} />
          <div>
            <SubmitButton pendingText="Saving…" name="intent" value="password">
              Change password
            </SubmitButton>
          </div>
        </Form>
      </Card>

      <SignedInDevices devices={devices} timeZone={timeZone} confirming={confirming} />

      <Card tone="danger" aria-labelledby="delete-title">
        <h2 id="delete-title" className="text-lg font-semibold text-red-700">
          Delete account
        </h2>
        <p className="text-sm text-slate-600">
          You will be signed out everywhere and lose access to every business you belong to. The businesses and their
          data stay with their other members.
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(remove)}>
          <input type="hidden" name="intent" value="delete" />
          <label className="flex items-center gap-2 text-sm">
            <input {...getInputProps(removeFields.confirm, { type: 'checkbox' })} className="h-4 w-4" />I understand,
            delete my account.
          </label>
          <ErrorList id={removeFields.confirm.errorId} errors={removeFields.confirm.errors} />
          <ErrorList id={remove.errorId} errors={remove.errors} />
          <div>
            <SubmitButton variant="danger" pendingText="Deleting…" name="intent" value="delete">
              Delete my account
            </SubmitButton>
          </div>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
