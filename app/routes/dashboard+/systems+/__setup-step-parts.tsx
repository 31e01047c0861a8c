import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ApiSetupStep, ApiSystem } from '#contract/v1/systems';
import { STEP_SCHEMAS, type StepKey, type SystemReply } from '#app/lib/systems';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { ErrorList, SubmitButton } from '#app/components/forms';

/** What every setup step's card shares: its props, its hidden fields, its reply and data, and the one-button step. */
export type NumberSearchView = {
  country: string;
  area_code: string;
  contains: string;
  numbers: { phone_number: string; friendly_name: string; locality: string | null; region: string | null }[] | null;
  error: string | null;
};

export type StepsProps = {
  system: ApiSystem;
  canEdit: boolean;
  reply: SystemReply | null;
  search: NumberSearchView;
  /** The member's own mobile: the default for the mobile step. */
  ownMobile: string | null;
  self: string;
};

/** The hidden fields every step form carries. */
export function StepFields({ stepKey }: { stepKey: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="step" />
      <input type="hidden" name="step" value={stepKey} />
    </>
  );
}

export function replyFor(reply: SystemReply | null, key: StepKey) {
  return reply?.form === `step-${key}` ? reply.result : null;
}

export function stepData<T>(props: { step: ApiSetupStep }, key: string): T | null {
  return (props.step.data?.[key] as T | undefined) ?? null;
}

/** A step that only confirms (or starts) something: one button, and its refusal if any. */
export function ConfirmStep({
  step,
  canEdit,
  reply,
  self,
  label,
  pending,
  children,
  hideWhenDone = false,
  ready = true,
}: StepsProps & {
  step: ApiSetupStep;
  label: string;
  pending: string;
  children?: ReactNode;
  hideWhenDone?: boolean;
  ready?: boolean;
}) {
  const key = step.key as StepKey;
  const [form] = useSchemaForm(`step-${key}`, STEP_SCHEMAS[key] ?? STEP_SCHEMAS.install, replyFor(reply, key));
  const offered = canEdit && ready && !(hideWhenDone && step.status === 'done');
  if (!children && !offered) return null;
  return (
    <div className="flex flex-col gap-3">
      {children}
      {offered ? (
        <Form method="post" action={`${self}#setup-${key}`} {...getFormProps(form)} className="flex flex-col gap-2">
          <StepFields stepKey={key} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <div>
            <SubmitButton
              variant={step.status === 'done' ? 'secondary' : 'primary'}
              name="step"
              value={key}
              pendingText={pending}
            >
              {label}
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
