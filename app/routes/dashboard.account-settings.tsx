import { getFormProps, getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { PHONE_EXAMPLE } from '#contract/messages';
import { changePasswordSchema, deleteAccountSchema, profileFormSchema } from '#contract/schemas/user';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { ErrorList, Field, SubmitButton } from '../components/forms';
import { SignedInDevices, type SignedInDevice } from '../components/signed-in-devices';
import { apiCall } from '../lib/api.server';
import { replyWithApiErrors } from '../lib/forms.server';
import { requireDashboard } from '../lib/guard.server';
import { businessTimeZone } from '../lib/timeline.server';
import { destroySession, newSession } from '../lib/session.server';
import { redirectWithToasts, apiToasts } from '../lib/toast.server';
import { useSchemaForm } from '../lib/use-schema-form';

export const meta: MetaFunction = () => [{ title: 'Account settings · Business Assistant' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const devices = await apiCall<{ devices: SignedInDevice[] }>(state.caller, 'users/devices');
  const confirming = new URL(request.url).searchParams.get('sign_out');
  return { user: state.user, devices: devices.ok ? devices.data.devices : [], timeZone: businessTimeZone(state), confirming };
}

/** Three forms on one page, told apart by a hidden intent field. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller, session } = await requireDashboard(request, context);
  const formData = await request.formData();
  const intent = formData.get('intent');

  if (intent === 'revoke-device') {
    const deviceId = String(formData.get('device_id') ?? '');
    const path = `users/devices/${encodeURIComponent(deviceId)}/revoke`;
    return redirectWithToasts(request, '/dashboard/account-settings', apiToasts(path, await apiCall(caller, path)), { session });
  }

  if (intent === 'delete') {
    const submission = parseWithZod(formData, { schema: deleteAccountSchema });
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 });
    const result = await apiCall(caller, 'users/delete');
    if (!result.ok) return data({ intent, result: submission.reply({ formErrors: result.errors }) }, { status: 400 });
    // Signed out: the old session is destroyed and a fresh one only carries the toast.
    return redirectWithToasts(request, '/login', apiToasts('users/delete', result), {
      session: await newSession(),
      headers: { 'Set-Cookie': await destroySession(session) },
    });
  }

  const schema = intent === 'password' ? changePasswordSchema : profileFormSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') {
    return data({ intent, result: submission.reply({ hideFields: ['current_password', 'password'] }) }, { status: 400 });
  }
  // An emptied mobile field clears the number (the API reads '' as none).
  const payload = intent === 'password' ? submission.value : { ...submission.value, mobile: (submission.value as { mobile?: string }).mobile ?? '' };
  const result = await apiCall(caller, 'users/update', payload);
  if (!result.ok) {
    const reply = replyWithApiErrors(submission, result, { hideFields: ['current_password', 'password'] });
    return data({ intent, result: reply.data }, { status: 400 });
  }
  return redirectWithToasts(request, '/dashboard/account-settings', apiToasts('users/update', result), { session });
}

export default function AccountSettingsRoute() {
  const { user, devices, timeZone, confirming } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const [profile, profileFields] = useSchemaForm('profile', profileFormSchema, resultFor('profile'), {
    defaultValue: { name: user.name, email: user.email, mobile: user.mobile ?? '' },
  });
  const [password, passwordFields] = useSchemaForm('password', changePasswordSchema, resultFor('password'));
  const [remove, removeFields] = useSchemaForm('delete', deleteAccountSchema, resultFor('delete'));

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Account settings</h1>

      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="profile-title">
        <h2 id="profile-title" className="text-lg font-semibold">Profile</h2>
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(profile)}>
          <input type="hidden" name="intent" value="profile" />
          <Field label="Name" errors={profileFields.name.errors} inputProps={{ ...getInputProps(profileFields.name, { type: 'text' }), autoComplete: 'name' }} />
          <Field label="Email" errors={profileFields.email.errors} inputProps={{ ...getInputProps(profileFields.email, { type: 'email' }), autoComplete: 'email' }} />
          <Field
            label="Mobile"
            hint={user.mobile_verified ? 'Verified. Changing it means verifying the new number.' : `International format, e.g. ${PHONE_EXAMPLE}`}
            errors={profileFields.mobile.errors}
            inputProps={{ ...getInputProps(profileFields.mobile, { type: 'tel' }), autoComplete: 'tel' }}
          />
          <ErrorList id={profile.errorId} errors={profile.errors} />
          <div>
            <SubmitButton pendingText="Saving…" name="intent" value="profile">Save profile</SubmitButton>
          </div>
        </Form>
      </section>

      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="password-title">
        <h2 id="password-title" className="text-lg font-semibold">Change password</h2>
        <p className="text-sm text-slate-600">Other devices are signed out; this one stays signed in.</p>
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(password)}>
          <input type="hidden" name="intent" value="password" />
          <Field label="Current password" errors={passwordFields.current_password.errors} inputProps={{ ...getInputProps(passwordFields.current_password, { type: 'password' }), autoComplete: 'current-password' }} />
          <Field label="New password" hint="8 to 64 characters." errors={passwordFields.password.errors} inputProps={{ ...getInputProps(passwordFields.password, { type: 'password' }), autoComplete: 'new-password' }} />
          <ErrorList id={password.errorId} errors={password.errors} />
          <div>
            <SubmitButton pendingText="Saving…" name="intent" value="password">Change password</SubmitButton>
          </div>
        </Form>
      </section>

      <SignedInDevices devices={devices} timeZone={timeZone} confirming={confirming} />

      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200" aria-labelledby="delete-title">
        <h2 id="delete-title" className="text-lg font-semibold text-red-700">Delete account</h2>
        <p className="text-sm text-slate-600">
          You will be signed out everywhere and lose access to every business you belong to. The businesses and their data stay with their other members.
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(remove)}>
          <input type="hidden" name="intent" value="delete" />
          <label className="flex items-center gap-2 text-sm">
            <input {...getInputProps(removeFields.confirm, { type: 'checkbox' })} className="h-4 w-4" />
            I understand, delete my account.
          </label>
          <ErrorList id={removeFields.confirm.errorId} errors={removeFields.confirm.errors} />
          <ErrorList id={remove.errorId} errors={remove.errors} />
          <div>
            <SubmitButton variant="danger" pendingText="Deleting…" name="intent" value="delete">Delete my account</SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
