import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { PHONE_EXAMPLE } from '#contract/messages';
import {
  changePasswordSchema,
  deleteAccountSchema,
  emailChangeVerifySchema,
  profileFormSchema,
} from '#contract/schemas/user';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { SignedInDevices } from '#app/components/signed-in-devices';
import { Card } from '#app/components/ui/card';
import { useSchemaForm } from '#app/lib/use-schema-form';

type Devices = Parameters<typeof SignedInDevices>[0];

/**
 * The account settings page's forms (profile, email code, password, devices, delete), apart from
 * the route module so that conform and the user schemas load after the page
 * (./__account-forms.deferred.tsx).
 */
export function AccountForms({
  user,
  devices,
  timeZone,
  confirming,
  pendingEmail,
  actionData,
}: {
  user: { name: string; email: string; mobile: string | null; mobile_verified: boolean; updated_at: string };
  devices: Devices['devices'];
  timeZone: Devices['timeZone'];
  confirming: Devices['confirming'];
  pendingEmail: string | null;
  actionData?: { intent: unknown; result: SubmissionResult<string[]> } | null;
}) {
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
    <>
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
    </>
  );
}
