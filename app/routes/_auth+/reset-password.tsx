import { getFormProps, getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react';
import { resetPasswordSchema } from '#contract/schemas/auth';
import { v1Calls } from '#contract/v1/index';
import { AuthLayout } from '#app/components/auth-layout';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { Honeypot } from '#app/components/honeypot';
import { replyRateLimited, replyWithApiErrors } from '#app/lib/forms.server';
import { checkHoneypot } from '#app/lib/honeypot.server';
import { commitSession, getSession } from '#app/lib/session.server';
import { redirectWithToasts, apiToasts } from '#app/lib/toast.server';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { v1 } from '#app/lib/v1.server';

export const meta: MetaFunction = () => [{ title: 'Set a new password · Business Assistant' }];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  if (!(await context.rateLimit('reset-password'))) return replyRateLimited(submission);
  const result = await v1({ context, request }).users.resetPassword(submission.value);
  if (!result.ok) return replyWithApiErrors(submission, result, { hideFields: ['password'] });
  // The reset revoked every token: whatever session this browser had is over.
  const session = await getSession(request);
  session.unset('token');
  return redirectWithToasts(request, '/login', apiToasts(v1Calls.users.resetPassword.path, result), {
    headers: { 'Set-Cookie': await commitSession(session) },
  });
}

export default function ResetPasswordRoute() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useSchemaForm('reset-password', resetPasswordSchema, lastResult, {
    defaultValue: { email: searchParams.get('email') ?? '' },
  });
  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Enter the 6-digit code we emailed you and choose a new password. The code works once, for 15 minutes."
      footer={
        <>
          No code?{' '}
          <Link to="/forgot-password" className="font-medium text-brand-600 underline">
            Send another
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <Honeypot />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label="Code"
          errors={fields.code.errors}
          inputProps={{
            ...getInputProps(fields.code, { type: 'text' }),
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
          }}
        />
        <Field
          label="New password"
          hint="8 to 64 characters."
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pendingText="Saving…">Set new password</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
