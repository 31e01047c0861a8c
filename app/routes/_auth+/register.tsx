import { getFormProps, getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react';
import { registrationSchema } from '#contract/schemas/auth';
import { v1Calls } from '#contract/v1/index';
import { AuthLayout } from '#app/components/auth-layout';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { Honeypot } from '#app/components/honeypot';
import { replyRateLimited, replyWithApiErrors } from '#app/lib/forms.server';
import { getSignedIn } from '#app/lib/guard.server';
import { checkHoneypot } from '#app/lib/honeypot.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { commitSession, getSession } from '#app/lib/session.server';
import { redirectWithToasts, apiToasts } from '#app/lib/toast.server';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { v1 } from '#app/lib/v1.server';

export const meta: MetaFunction = () => [{ title: 'Create your account · Business Assistant' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSignedIn(request, context)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
  }
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: registrationSchema });
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  if (!(await context.rateLimit('register'))) return replyRateLimited(submission);
  const result = await v1({ context, request }).users.create(submission.value);
  if (!result.ok) return replyWithApiErrors(submission, result, { hideFields: ['password'] });
  const session = await getSession(request);
  session.set('token', result.data.token);
  // The dashboard guard takes a new user on to the onboarding steps.
  return redirectWithToasts(
    request,
    safeRedirect(formData.get('redirect')),
    apiToasts(v1Calls.users.create.path, result),
    {
      headers: { 'Set-Cookie': await commitSession(session) },
    },
  );
}

export default function RegisterRoute() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect') ?? '';
  // An invitation link sends the invited email along (?email=), so the account matches it.
  const [form, fields] = useSchemaForm('register', registrationSchema, lastResult, {
    defaultValue: { email: searchParams.get('email') ?? '' },
  });
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Your virtual assistant answers calls, SMS and web forms for your business."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : '/login'}
            className="font-medium text-brand-600 underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <Honeypot />
        <input type="hidden" name="redirect" value={redirectTo} />
        <Field
          label="Your name"
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
        />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label="Password"
          hint="8 to 64 characters."
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pendingText="Creating your account…">Create account</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
