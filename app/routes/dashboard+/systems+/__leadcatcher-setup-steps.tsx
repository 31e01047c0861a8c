import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ApiSetupStep } from '#contract/v1/systems';
import { STEP_SCHEMAS } from '#app/lib/systems';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { ErrorList, Field, SubmitButton, TextAreaField } from '#app/components/forms';
import { Snippet } from '#app/routes/dashboard+/systems+/__copy-button';
import { FollowUpFields } from '#app/routes/dashboard+/systems+/__follow-up-fields';

import {
  ConfirmStep,
  replyFor,
  StepFields,
  stepData,
  type StepsProps,
} from '#app/routes/dashboard+/systems+/__setup-step-parts';

/** The lead catcher's setup steps: the website it serves, the follow-up, and the snippet to install. */
export function WebsiteStep(props: StepsProps & { step: ApiSetupStep }) {
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

export function FollowUpStep(props: StepsProps & { step: ApiSetupStep }) {
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

export function InstallStep(props: StepsProps & { step: ApiSetupStep }) {
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
