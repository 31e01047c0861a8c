import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { mobileSubmitSchema, mobileVerifySchema } from '#contract/schemas/auth';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { OnboardingFrame } from '#app/routes/dashboard+/onboard+/__onboarding-frame';
import { MobileVerifyForm } from '#app/routes/dashboard+/onboard+/__mobile-forms.deferred';
import { replyRateLimited, replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard } from '#app/lib/guard.server';
import { redirectWithToasts, apiToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';

export const meta: MetaFunction = () => [{ title: 'Enter your code · Business Assistant' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireDashboard(request, context);
  const mobile = new URL(request.url).searchParams.get('mobile');
  if (user.mobile_verified && (!mobile || mobile === user.mobile)) throw redirect('/dashboard/onboard/your-business');
  // The code goes with the number it was sent to; without one, start at step 1.
  if (!mobile || !mobileSubmitSchema.safeParse({ mobile }).success) throw redirect('/dashboard/onboard/mobile-submit');
  return { mobile };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireDashboard(request, context);
  const formData = await request.formData();
  if (formData.get('intent') === 'resend') {
    const resend = parseWithZod(formData, { schema: mobileSubmitSchema });
    if (resend.status !== 'success') return data(resend.reply(), { status: 400 });
    if (!(await context.rateLimit('mobile-submit'))) return replyRateLimited(resend);
    const result = await v1(caller).users.mobileSubmit(resend.value);
    if (!result.ok) return replyWithApiErrors(resend, result);
    return redirectWithToasts(
      request,
      `/dashboard/onboard/mobile-verify?mobile=${encodeURIComponent(resend.value.mobile)}`,
      apiToasts(v1Calls.users.mobileSubmit.path, result),
    );
  }
  const submission = parseWithZod(formData, { schema: mobileVerifySchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  if (!(await context.rateLimit('mobile-verify'))) return replyRateLimited(submission);
  const result = await v1(caller).users.mobileVerify(submission.value);
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToasts(
    request,
    '/dashboard/onboard/your-business',
    apiToasts(v1Calls.users.mobileVerify.path, result),
  );
}

export default function MobileVerifyRoute() {
  const { mobile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <OnboardingFrame
      step="mobile-verify"
      subtitle={
        <>
          We sent a 6-digit code to <strong>{mobile}</strong>. It expires in 15 minutes.
        </>
      }
    >
      <MobileVerifyForm mobile={mobile} lastResult={lastResult} />
    </OnboardingFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
