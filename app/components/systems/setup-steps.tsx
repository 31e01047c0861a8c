import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { CountryOptions } from '../country-options';
import { type ApiSetupStep, type ApiSystem } from '#contract/schemas/system';
import { STEP_SCHEMAS, type StepKey, type SystemReply } from '#app/lib/systems';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { ErrorList, Field, SelectField, SubmitButton, TextAreaField } from '../forms';
import { CopyButton } from './copy-button';
import { FollowUpFields } from './follow-up-fields';
import { usePolling } from './use-polling';
import { usePhoneExample, usePhoneFormat } from '#app/lib/phone-labels';
import { Card } from '#app/components/ui/card';

export type NumberSearchView = {
  country: string;
  area_code: string;
  contains: string;
  numbers: { phone_number: string; friendly_name: string; locality: string | null; region: string | null }[] | null;
  error: string | null;
};

type StepsProps = {
  system: ApiSystem;
  canEdit: boolean;
  reply: SystemReply | null;
  search: NumberSearchView;
  /** The member's own mobile: the default for the mobile step. */
  ownMobile: string | null;
  self: string;
};

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
              <span
                data-testid="step-status"
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${step.status === 'done' ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-700'}`}
              >
                {step.status === 'done' ? 'Done' : step.required ? 'To do' : 'Optional'}
              </span>
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

/** The hidden fields every step form carries. */
function StepFields({ stepKey }: { stepKey: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="step" />
      <input type="hidden" name="step" value={stepKey} />
    </>
  );
}

function replyFor(reply: SystemReply | null, key: StepKey) {
  return reply?.form === `step-${key}` ? reply.result : null;
}

function stepData<T>(props: { step: ApiSetupStep }, key: string): T | null {
  return (props.step.data?.[key] as T | undefined) ?? null;
}

/** A step that only confirms (or starts) something: one button, and its refusal if any. */
function ConfirmStep({
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

/** Telephony and mobile: search numbers by country and area code (a GET form), then choose one. */
function NumberStep(props: StepsProps & { step: ApiSetupStep }) {
  const phone = usePhoneFormat();
  const { step, canEdit, reply, search, self } = props;
  const chosen = stepData<string>(props, 'phone_number') ?? props.system.phone_number;
  const [form] = useSchemaForm('step-number', STEP_SCHEMAS.number, replyFor(reply, 'number'));
  if (step.status === 'done' && chosen) {
    return (
      <p className="text-sm">
        Your assistant’s number is <strong data-testid="system-phone-number">{phone(chosen)}</strong>.
      </p>
    );
  }
  if (!canEdit) return <p className="text-sm text-slate-600">A member who may set up systems chooses the number.</p>;
  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action={`${self}#setup-number`}
        className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
        aria-label="Search numbers"
      >
        <SelectField label="Country" selectProps={{ name: 'country', defaultValue: search.country }}>
          <CountryOptions />
        </SelectField>
        <Field
          label="Area code"
          inputProps={{
            name: 'area_code',
            defaultValue: search.area_code,
            inputMode: 'numeric',
            pattern: '\\d{1,5}',
            maxLength: 5,
            placeholder: 'Any',
          }}
        />
        <Field
          label="Contains"
          inputProps={{
            name: 'contains',
            defaultValue: search.contains,
            inputMode: 'numeric',
            pattern: '\\d{1,10}',
            maxLength: 10,
            placeholder: 'Any digits',
          }}
        />
        <button
          type="submit"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50"
        >
          Search numbers
        </button>
      </Form>
      {search.error ? (
        <p role="alert" className="text-sm text-red-700">
          {search.error}
        </p>
      ) : null}
      <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(form.allErrors.phone_number ?? [])]} />
      {search.numbers === null ? null : search.numbers.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="numbers-empty">
          No numbers are available there. Try another area code.
        </p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200"
          data-testid="available-numbers"
        >
          {search.numbers.map((number) => (
            <li key={number.phone_number} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <span className="font-medium">{phone(number.phone_number)}</span>
              <span className="text-sm text-slate-600">
                {[number.locality, number.region].filter(Boolean).join(', ') || phone(number.phone_number)}
              </span>
              <Form method="post" action={`${self}#setup-number`} className="ml-auto">
                <StepFields stepKey="number" />
                <input type="hidden" name="phone_number" value={number.phone_number} />
                <button
                  type="submit"
                  className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
                  aria-label={`Choose ${phone(number.phone_number)}`}
                >
                  Choose
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WebsiteStep(props: StepsProps & { step: ApiSetupStep }) {
  const { canEdit, reply, self, system } = props;
  const settings = system.configurations.data.settings as { allowed_origins?: string[]; form_name?: string };
  const [form, fields] = useSchemaForm('step-website', STEP_SCHEMAS.website, replyFor(reply, 'website'), {
    defaultValue: {
      allowed_origins: (settings.allowed_origins ?? []).join('\n'),
      form_name: settings.form_name ?? 'Contact form',
    },
  });
  return (
    <Form method="post" action={`${self}#setup-website`} {...getFormProps(form)} className="flex flex-col gap-3">
      <StepFields stepKey="website" />
      <fieldset disabled={!canEdit} className="flex flex-col gap-3">
        <Field
          label="Form name"
          errors={fields.form_name.errors}
          inputProps={getInputProps(fields.form_name, { type: 'text' })}
        />
        <TextAreaField
          label="Allowed sites"
          hint="One per line, such as https://example.com. Leave empty to accept the form from any site."
          errors={Object.values(fields.allowed_origins.allErrors).flat()}
          textareaProps={{ ...getTextareaProps(fields.allowed_origins), rows: 3 }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        {canEdit ? (
          <div>
            <SubmitButton name="step" value="website" pendingText="Saving…">
              Save website
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

function FollowUpStep(props: StepsProps & { step: ApiSetupStep }) {
  const { canEdit, reply, self, system } = props;
  const settings = system.configurations.data.settings as { follow_up?: string; follow_up_template?: string };
  const [form, fields] = useSchemaForm('step-follow_up', STEP_SCHEMAS.follow_up, replyFor(reply, 'follow_up'), {
    defaultValue: { follow_up: settings.follow_up ?? 'none', follow_up_template: settings.follow_up_template ?? '' },
  });
  return (
    <Form method="post" action={`${self}#setup-follow_up`} {...getFormProps(form)} className="flex flex-col gap-3">
      <StepFields stepKey="follow_up" />
      <fieldset disabled={!canEdit} className="flex flex-col gap-3">
        <FollowUpFields followUp={fields.follow_up} template={fields.follow_up_template} />
        <ErrorList id={form.errorId} errors={form.errors} />
        {canEdit ? (
          <div>
            <SubmitButton name="step" value="follow_up" pendingText="Saving…">
              Save follow-up
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

export function Snippet({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{title}</span>
        <CopyButton text={text} label={`Copy ${title.toLowerCase()}`} />
      </div>
      {/* Focusable so a keyboard can scroll the long lines (a scrollable region needs keyboard access). */}
      <pre
        className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100"
        data-testid={testId}
        tabIndex={0}
        aria-label={title}
      >
        <code>{text}</code>
      </pre>
    </div>
  );
}

function InstallStep(props: StepsProps & { step: ApiSetupStep }) {
  const scriptTag = stepData<string>(props, 'script_tag');
  const htmlForm = stepData<string>(props, 'html_form');
  const formUrl = stepData<string>(props, 'form');
  const firstSubmission = stepData<string>(props, 'first_submission_at');
  return (
    <ConfirmStep {...props} label="I have added it" pending="Saving…" hideWhenDone>
      {scriptTag ? <Snippet title="Script tag" text={scriptTag} testId="snippet-script" /> : null}
      {htmlForm ? <Snippet title="HTML form" text={htmlForm} testId="snippet-form" /> : null}
      {formUrl ? (
        <p className="text-sm">
          Or link to the{' '}
          <a
            href={formUrl}
            className="text-brand-600 underline"
            target="_blank"
            rel="noreferrer"
            data-testid="hosted-form-link"
          >
            hosted form page
          </a>
          .
        </p>
      ) : null}
      {firstSubmission ? <p className="text-sm text-emerald-700">The first lead has arrived.</p> : null}
    </ConfirmStep>
  );
}

function MobileStep(props: StepsProps & { step: ApiSetupStep }) {
  const { canEdit, reply, self, ownMobile } = props;
  const current = stepData<string>(props, 'mobile_number');
  const phoneExample = usePhoneExample();
  const [form, fields] = useSchemaForm('step-mobile', STEP_SCHEMAS.mobile, replyFor(reply, 'mobile'), {
    defaultValue: { mobile_number: current ?? ownMobile ?? '' },
  });
  return (
    <Form method="post" action={`${self}#setup-mobile`} {...getFormProps(form)} className="flex flex-col gap-3">
      <StepFields stepKey="mobile" />
      <fieldset disabled={!canEdit} className="flex flex-col gap-3">
        <Field
          label="Mobile number"
          hint={`Such as ${phoneExample}.`}
          errors={fields.mobile_number.errors}
          inputProps={{ ...getInputProps(fields.mobile_number, { type: 'tel' }), autoComplete: 'tel' }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        {canEdit ? (
          <div>
            <SubmitButton name="step" value="mobile" pendingText="Saving…">
              Save mobile
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

type ForwardingCode = { condition: string; label: string; code: string; cancel: string };

function ForwardingStep(props: StepsProps & { step: ApiSetupStep }) {
  const codes = stepData<ForwardingCode[]>(props, 'codes') ?? [];
  return (
    <ConfirmStep {...props} label="I dialled the codes" pending="Saving…" ready={codes.length > 0}>
      {codes.length === 0 ? (
        <p className="text-sm text-slate-600">Choose the assistant’s number first: the codes forward to it.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid="forwarding-codes">
          <caption className="sr-only">Forwarding codes</caption>
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Forward
              </th>
              <th scope="col" className="py-1 font-medium">
                Dial
              </th>
              <th scope="col" className="py-1 font-medium">
                To undo
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code.condition} className="border-t border-slate-100">
                <td className="py-1.5 pr-2">{code.label}</td>
                <td className="py-1.5 pr-2 font-mono">{code.code}</td>
                <td className="py-1.5 font-mono">{code.cancel}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ConfirmStep>
  );
}

function VerifyStep(props: StepsProps & { step: ApiSetupStep }) {
  const started = stepData<string>(props, 'test_call_started_at');
  const verified = stepData<string>(props, 'verified_at');
  const waiting = Boolean(started && !verified);
  // With JavaScript the page checks every 2 s until the test call has reached the assistant.
  usePolling(waiting, { everyMs: 2000, forMs: 2 * 60 * 1000 });
  return (
    <ConfirmStep {...props} label={started ? 'Call again' : 'Place the test call'} pending="Calling…">
      {verified ? (
        <p className="text-sm text-emerald-700" data-testid="verify-result">
          Forwarding works: the test call reached the assistant.
        </p>
      ) : waiting ? (
        <p className="text-sm text-slate-700" data-testid="verify-result" role="status">
          Waiting for the test call to reach the assistant… let your mobile ring without answering.
          <noscript> Reload this page to check.</noscript>
        </p>
      ) : null}
    </ConfirmStep>
  );
}
