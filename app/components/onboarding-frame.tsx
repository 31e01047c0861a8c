import type { ReactNode } from 'react';
import { ONBOARDING_STEPS, type OnboardingStepKey } from '#contract/routes';

/**
 * The frame of each onboarding step: "Step n of 6", a title and the step's content. Once
 * the wizard is finished (`finished`), steps 4–6 stay useful pages (learning, training,
 * testing the assistant) and no longer read as a step of a wizard.
 */
export function OnboardingFrame({ step, subtitle, finished = false, children }: { step: OnboardingStepKey; subtitle?: ReactNode; finished?: boolean; children: ReactNode }) {
  const index = ONBOARDING_STEPS.findIndex((s) => s.key === step);
  const current = ONBOARDING_STEPS[index];
  return (
    <section className="mx-auto max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8" data-testid="onboarding-frame">
      {finished ? null : (
        <p className="text-sm font-medium text-brand-600">
          Step {index + 1} of {ONBOARDING_STEPS.length}
        </p>
      )}
      <h1 className="mt-1 text-2xl font-semibold">{current.title}</h1>
      {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
