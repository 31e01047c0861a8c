import type { ApiSetupStep } from '#contract/v1/systems';
import { Card } from '#app/components/ui/card';
import { FollowUpStep, InstallStep, WebsiteStep } from '#app/routes/dashboard+/systems+/__leadcatcher-setup-steps';
import {
  ForwardingStep,
  MobileStep,
  NumberStep,
  VerifyStep,
} from '#app/routes/dashboard+/systems+/__phone-setup-steps';
import { ConfirmStep, type StepsProps } from '#app/routes/dashboard+/systems+/__setup-step-parts';
import { Pill } from '#app/components/ui/pill';

export type { NumberSearchView } from '#app/routes/dashboard+/systems+/__setup-step-parts';

/**
 * The setup walk-through (setup/{id} → data.setup_steps): one card per step with its
 * status and what it needs, each form posting setup/{id}/submit through the page's action.
 */
export function SetupSteps(props: StepsProps) {
  const { system } = props;
  const done = system.setup_steps.filter((step) => step.status === 'done').length;
  return (
    <section aria-labelledby="setup-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="setup-heading" className="text-lg font-semibold">
          Setup
        </h2>
        <p className="text-sm text-slate-600" data-testid="setup-progress">
          {done} of {system.setup_steps.length} steps done
          {system.status === 'active' ? ': the assistant is live.' : '.'}
        </p>
      </div>
      <ol className="flex flex-col gap-3" data-testid="setup-steps">
        {system.setup_steps.map((step, index) => (
          <Card
            key={step.key}
            id={`setup-${step.key}`}
            as="li"
            padding="none"
            className="p-5"
            data-testid="setup-step"
            data-step={step.key}
            data-status={step.status}
          >
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">
                {index + 1}. {step.title}
              </h3>
              <Pill
                data-testid="step-status"
                colour={step.status === 'done' ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-700'}
              >
                {step.status === 'done' ? 'Done' : step.required ? 'To do' : 'Optional'}
              </Pill>
            </div>
            <p className="mt-1 text-sm text-slate-600">{step.description}</p>
            <div className="mt-3">
              {/* Keyed by what the form shows: after a save (here or elsewhere) it starts from the stored values. */}
              <StepBody
                key={`${JSON.stringify(step.data)}|${JSON.stringify(system.configurations.data.settings)}`}
                step={step}
                {...props}
              />
            </div>
          </Card>
        ))}
      </ol>
    </section>
  );
}

function StepBody(props: StepsProps & { step: ApiSetupStep }) {
  const { step } = props;
  switch (step.key) {
    case 'number':
      return <NumberStep {...props} />;
    case 'website':
      return <WebsiteStep {...props} />;
    case 'follow_up':
      return <FollowUpStep {...props} />;
    case 'install':
      return <InstallStep {...props} />;
    case 'mobile':
      return <MobileStep {...props} />;
    case 'forwarding':
      return <ForwardingStep {...props} />;
    case 'verify':
      return <VerifyStep {...props} />;
    case 'try_it':
      return <ConfirmStep {...props} label="Mark as done" pending="Saving…" hideWhenDone />;
    default:
      return null;
  }
}
