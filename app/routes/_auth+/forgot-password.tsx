import { getFormProps, getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { forgotPasswordSchema } from '#contract/schemas/auth';
import { v1Calls } from '#contract/v1/index';
import { AuthLayout } from '#app/components/auth-layout';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { Honeypot } from '#app/components/honeypot';
import { replyRateLimited, replyWithApiErrors } from '#app/lib/forms.server';
import { checkHoneypot } from '#app/lib/honeypot.server';
import { redirectWithToasts, apiToasts } from '#app/lib/toast.server';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { v1 } from '#app/lib/v1.server';

export const meta: MetaFunction = () => [{ title: 'Forgot your password · Business Assistant' }];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  if (!(await context.rateLimit('forgot-password'))) return replyRateLimited(submission);
  const result = await v1({ context, request }).users.forgotPassword(submission.value);
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToasts(
    request,
    `/reset-password?email=${encodeURIComponent(submission.value.email)}`,
    apiToasts(v1Calls.users.forgotPassword.path, result),
  );
}

export default function ForgotPasswordRoute() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm('forgot-password', forgotPasswordSchema, lastResult);
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a 6-digit code to set a new one."
      footer={
        <Link to="/login" className="font-medium text-brand-600 underline">
          Back to sign in
        </Link>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <Honeypot />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pendingText="Sending…">Send me a code</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
