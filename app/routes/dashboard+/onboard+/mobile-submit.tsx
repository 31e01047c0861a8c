import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { mobileSubmitSchema } from '#contract/schemas/auth';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { OnboardingFrame } from '#app/routes/dashboard+/onboard+/__onboarding-frame';
import { MobileSubmitForm } from '#app/routes/dashboard+/onboard+/__mobile-forms.deferred';
import { replyRateLimited, replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard } from '#app/lib/guard.server';
import { redirectWithToasts, apiToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';

export const meta: MetaFunction = () => [{ title: 'Verify your mobile · Business Assistant' }];

/** A user whose mobile is verified skips steps 1-2 (unless they chose to change it). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireDashboard(request, context);
  if (user.mobile_verified && !new URL(request.url).searchParams.has('change'))
    throw redirect('/dashboard/onboard/your-business');
  return { mobile: user.mobile };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireDashboard(request, context);
  const submission = parseWithZod(await request.formData(), { schema: mobileSubmitSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  if (!(await context.rateLimit('mobile-submit'))) return replyRateLimited(submission);
  const result = await v1(caller).users.mobileSubmit(submission.value);
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToasts(
    request,
    `/dashboard/onboard/mobile-verify?mobile=${encodeURIComponent(submission.value.mobile)}`,
    apiToasts(v1Calls.users.mobileSubmit.path, result),
  );
}

export default function MobileSubmitRoute() {
  const { mobile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <OnboardingFrame
      step="mobile-submit"
      subtitle="We text you a 6-digit code. Your assistant uses this number to reach you about urgent calls."
    >
      <MobileSubmitForm mobile={mobile} lastResult={lastResult} />
    </OnboardingFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
