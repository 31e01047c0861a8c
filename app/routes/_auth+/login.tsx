import { getFormProps, getInputProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react';
import { loginSchema } from '#contract/schemas/auth';
import { AuthLayout } from '#app/components/auth-layout';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ErrorList, Field, SubmitButton } from '#app/components/forms';
import { Honeypot } from '#app/components/honeypot';
import { createAuthenticator, SignInError } from '#app/lib/auth.server';
import { replyRateLimited } from '#app/lib/forms.server';
import { getSignedIn } from '#app/lib/guard.server';
import { checkHoneypot } from '#app/lib/honeypot.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { commitSession, getSession } from '#app/lib/session.server';
import { useSchemaForm } from '#app/lib/use-schema-form';

export const meta: MetaFunction = () => [{ title: 'Sign in · Business Assistant' }];

/** Skipped when the session already holds a valid token (docs/product.md#routes). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSignedIn(request, context)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
  }
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  checkHoneypot(formData);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  if (!(await context.rateLimit('login'))) return replyRateLimited(submission);
  try {
    const { token } = await createAuthenticator(context).authenticate('form', request);
    const session = await getSession(request);
    session.set('token', token);
    return redirect(safeRedirect(formData.get('redirect')), {
      headers: { 'Set-Cookie': await commitSession(session) },
    });
  } catch (error) {
    if (error instanceof SignInError) {
      return data(submission.reply({ formErrors: [error.message], hideFields: ['password'] }), { status: 400 });
    }
    throw error;
  }
}

export default function LoginRoute() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect') ?? '';
  const [form, fields] = useSchemaForm('login', loginSchema, lastResult);
  const registerHref = redirectTo ? `/register?redirect=${encodeURIComponent(redirectTo)}` : '/register';
  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Your assistant has been busy."
      footer={
        <>
          New here?{' '}
          <Link to={registerHref} className="font-medium text-brand-600 underline">
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <Honeypot />
        <input type="hidden" name="redirect" value={redirectTo} />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pendingText="Signing in…">Sign in</SubmitButton>
        <Link to="/forgot-password" className="text-center text-sm text-brand-600 underline">
          Forgot your password?
        </Link>
      </Form>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
