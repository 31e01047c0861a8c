import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ONBOARDING_STEPS, type OnboardingStepKey } from '#contract/routes';
import { ErrorList, SubmitButton } from '#app/components/forms';
import { Card } from '#app/components/ui/card';

/**
 * The frame of each onboarding step: "Step n of 6", a title and the step's content. Once
 * the wizard is finished (`finished`), steps 4–6 stay useful pages (learning, training,
 * testing the assistant) and no longer read as a step of a wizard.
 */
export function OnboardingFrame({
  step,
  subtitle,
  finished = false,
  children,
}: {
  step: OnboardingStepKey;
  subtitle?: ReactNode;
  finished?: boolean;
  children: ReactNode;
}) {
  const index = ONBOARDING_STEPS.findIndex((s) => s.key === step);
  const current = ONBOARDING_STEPS[index];
  return (
    <Card className="mx-auto max-w-lg sm:p-8" data-testid="onboarding-frame">
      {finished ? null : (
        <p className="text-sm font-medium text-brand-600">
          Step {index + 1} of {ONBOARDING_STEPS.length}
        </p>
      )}
      <h1 className="mt-1 text-2xl font-semibold">{current.title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </Card>
  );
}

/**
 * The foot of onboarding steps 4 and 5. While the wizard runs: Continue (the page's action checks
 * the step has a result) and, until it has one, an explicit "Skip this step". Once the wizard is
 * finished the step is a page of the knowledge base, so it links there instead (before, the
 * knowledge base is locked and the link would only lead back to home).
 */
export function OnboardingStepFooter({
  finished,
  canViewMemories,
  done,
  next,
  continueLabel,
  errors,
}: {
  finished: boolean;
  canViewMemories: boolean;
  done: boolean;
  next: string;
  continueLabel: string;
  errors?: (string | null | undefined)[] | null;
}) {
  if (finished) {
    return canViewMemories ? (
      <p className="border-t border-slate-200 pt-4">
        <Link to="/dashboard/memories" className="text-sm text-brand-600 underline">
          Open the knowledge base
        </Link>
      </p>
    ) : null;
  }
  return (
    <Form method="post" className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      <div className={`flex flex-wrap items-center gap-3 ${done ? 'justify-end' : 'justify-between'}`}>
        {done ? null : (
          <Link to={next} className="text-sm text-slate-600 underline">
            Skip this step
          </Link>
        )}
        <SubmitButton name="intent" value="continue" pendingText="Saving…">
          {continueLabel}
        </SubmitButton>
      </div>
      <ErrorList errors={errors} />
    </Form>
  );
}
