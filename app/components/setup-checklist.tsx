import { Link } from '@remix-run/react';
import type { ApiBusinessListEntry, ApiUser } from '#contract/envelope';
import { ONBOARDING_STEPS, dashboardPath, type OnboardingStepKey } from '#contract/routes';
import { stepDone } from '#app/lib/onboarding';
import { Card } from '#app/components/ui/card';

/** Steps whose pages exist (all six now); a step without one would be listed without a link. */
const AVAILABLE: ReadonlySet<OnboardingStepKey> = new Set([
  'mobile-submit',
  'mobile-verify',
  'your-business',
  'data-loader',
  'training-questions',
  'test-ella',
]);

/** Home while the wizard is not finished: the six steps, done and remaining. */
export function SetupChecklist({ user, business }: { user: ApiUser; business: ApiBusinessListEntry | null }) {
  const steps = ONBOARDING_STEPS.map((step) => ({ ...step, done: stepDone(step.key, user, business) }));
  const doneCount = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done);
  return (
    <Card aria-labelledby="setup-title">
      <h2 id="setup-title" className="text-lg font-semibold">
        Set up your assistant
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {doneCount} of {steps.length} steps done.
        {business ? ` The rest of the dashboard unlocks when ${business.name}'s assistant has been tested.` : ''}
      </p>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={doneCount}
        aria-label="Setup progress"
      >
        <div className="h-full bg-brand-500" style={{ width: `${(doneCount / steps.length) * 100}%` }} />
      </div>
      <ol className="mt-4 flex flex-col gap-2" data-testid="setup-checklist">
        {steps.map((step, index) => (
          <li key={step.key} data-step={step.key} data-done={step.done} className="flex items-center gap-3">
            <span
              aria-hidden
              className={`flex h-7 w-7 flex-none items-center justify-center rounded-full text-sm font-semibold ${
                step.done ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-600'
              }`}
            >
              {step.done ? '✓' : index + 1}
            </span>
            {!step.done && AVAILABLE.has(step.key) ? (
              <Link to={dashboardPath(step.path)} className="font-medium text-brand-600 underline">
                {step.title}
              </Link>
            ) : (
              <span className={step.done ? 'text-slate-500' : 'text-slate-800'}>{step.title}</span>
            )}
            <span className="ml-auto text-xs text-slate-500">
              {step.done ? 'Done' : step === next && AVAILABLE.has(step.key) ? 'Next' : 'To do'}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
