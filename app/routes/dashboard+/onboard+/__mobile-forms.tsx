import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { PHONE_EXAMPLE } from '#contract/messages';
import { mobileSubmitSchema, mobileVerifySchema } from '#contract/schemas/auth';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { useSchemaForm } from '#app/lib/use-schema-form';

/*
 * The onboarding's mobile steps' forms, apart from their route modules so that conform and the
 * auth schemas load after the page (./__mobile-forms.deferred.tsx).
 */

/** Step: the member's mobile number, which is sent a code. */
export function MobileSubmitForm({
  mobile,
  lastResult,
}: {
  mobile: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm('mobile-submit', mobileSubmitSchema, lastResult, {
    defaultValue: { mobile: mobile ?? '' },
  });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <Field
        label="Mobile number"
        hint={`International format, e.g. ${PHONE_EXAMPLE}`}
        errors={fields.mobile.errors}
        inputProps={{
          ...getInputProps(fields.mobile, { type: 'tel' }),
          autoComplete: 'tel',
          placeholder: PHONE_EXAMPLE,
          autoFocus: true,
        }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton pendingText="Sending the code…">Send the code</SubmitButton>
    </Form>
  );
}

/** Step: the code texted to that number; or a new code, or another number. */
export function MobileVerifyForm({
  mobile,
  lastResult,
}: {
  mobile: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm('mobile-verify', mobileVerifySchema, lastResult, { defaultValue: { mobile } });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input {...getInputProps(fields.mobile, { type: 'hidden' })} />
      <Field
        label="Verification code"
        errors={[...(fields.code.errors ?? []), ...(fields.mobile.errors ?? [])]}
        inputProps={{
          ...getInputProps(fields.code, { type: 'text' }),
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          autoFocus: true,
        }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton pendingText="Checking…" name="intent" value="verify">
        Verify
      </SubmitButton>
      <div className="flex items-center justify-between text-sm">
        <button type="submit" name="intent" value="resend" formNoValidate className="text-brand-600 underline">
          Send a new code
        </button>
        <Link to="/dashboard/onboard/mobile-submit?change=1" className="text-brand-600 underline">
          Use another number
        </Link>
      </div>
    </Form>
  );
}
