import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form } from '@remix-run/react';
import { z } from 'zod';
import type { ApiBusinessSettings } from '#contract/envelope';
import { usePhoneFormat } from '#app/lib/phone-labels';
import {
  ASSISTANT_TONES,
  assistantSettingsSchema,
  WHEN_UNSURE,
  WHEN_UNSURE_LABELS,
} from '#contract/schemas/business-settings';
import { ErrorList, Field, SelectField, SubmitButton, TextAreaField } from '../forms';

export { HoursForm, hoursFormSchema, withUntickedBoxes } from './hours-form';

/** The assistant's own settings (business settings' `assistant`), one form. */
export const assistantFormSchema = z.object({ assistant: assistantSettingsSchema });

export type SettingsReply = { form: 'assistant' | 'hours'; result: SubmissionResult<string[]> };

const TONE_LABELS: Record<(typeof ASSISTANT_TONES)[number], string> = {
  friendly: 'Friendly',
  professional: 'Professional',
  concise: 'Short and to the point',
};

export function AssistantSettingsForm({
  settings,
  reply,
  canEdit,
}: {
  settings: ApiBusinessSettings;
  reply: SubmissionResult<string[]> | null;
  canEdit: boolean;
}) {
  const phone = usePhoneFormat();
  const [form, fields] = useForm({
    id: 'assistant-settings',
    lastResult: reply,
    defaultValue: {
      assistant: {
        ...settings.assistant,
        escalation_phone: phone(settings.assistant.escalation_phone) ?? '',
      },
    } as never,
    constraint: getZodConstraint(assistantFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assistantFormSchema }),
  });
  const assistant = fields.assistant.getFieldset();
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="assistant" />
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        <Field
          label="Name shown to callers"
          errors={assistant.name.errors}
          hint="Leave empty and it simply calls itself the assistant."
          inputProps={{ ...getInputProps(assistant.name, { type: 'text' }), maxLength: 50, autoComplete: 'off' }}
        />
        <TextAreaField
          label="Greeting"
          errors={assistant.greeting.errors}
          hint="The first thing it says. Leave empty for a greeting with your business name."
          textareaProps={{ ...getTextareaProps(assistant.greeting), rows: 2, maxLength: 500 }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tone" errors={assistant.tone.errors} selectProps={getSelectProps(assistant.tone)}>
            {ASSISTANT_TONES.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_LABELS[tone]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="When it is unsure"
            errors={assistant.when_unsure.errors}
            selectProps={getSelectProps(assistant.when_unsure)}
          >
            {WHEN_UNSURE.map((value) => (
              <option key={value} value={value}>
                {WHEN_UNSURE_LABELS[value]}
              </option>
            ))}
          </SelectField>
        </div>
        <Field
          label="Escalation phone number"
          errors={assistant.escalation_phone.errors}
          hint="A person callers can reach, as you would dial it (a number abroad with its + code). Leave empty for none."
          inputProps={{ ...getInputProps(assistant.escalation_phone, { type: 'tel' }), autoComplete: 'off' }}
        />
        <div className="flex items-start gap-2">
          <input
            {...getInputProps(assistant.capture_bookings, { type: 'checkbox', value: 'on' })}
            key={assistant.capture_bookings.key}
            className="mt-1 h-4 w-4"
          />
          <label htmlFor={assistant.capture_bookings.id} className="text-sm text-slate-700">
            <span className="font-medium">Take booking and call-back requests</span>
            <span className="block text-xs text-slate-500">
              It asks for the caller&apos;s name, number and preferred time, and leaves a task for your team.
            </span>
          </label>
        </div>
        <div className="flex items-start gap-2">
          <input
            {...getInputProps(assistant.recording_notice, { type: 'checkbox', value: 'on' })}
            key={assistant.recording_notice.key}
            className="mt-1 h-4 w-4"
          />
          <label htmlFor={assistant.recording_notice.id} className="text-sm text-slate-700">
            <span className="font-medium">Say that calls may be recorded</span>
            <span className="block text-xs text-slate-500">
              Phone calls start with &ldquo;This call may be recorded.&rdquo;
            </span>
          </label>
        </div>
        <div className="flex flex-col gap-1">
          <SelectField
            label="Assistant engine"
            errors={assistant.provider.errors}
            selectProps={getSelectProps(assistant.provider)}
          >
            <option value="built-in">Built-in (answers only from your knowledge base)</option>
            <option value="openai-compatible" disabled={!settings.model_available}>
              Language model (OpenAI-compatible){settings.model_available ? '' : ' — not set up'}
            </option>
          </SelectField>
          {!settings.model_available ? (
            <p className="text-xs text-slate-500" data-testid="model-unavailable">
              A language model can be used once the server is given one (ASSISTANT_BASE_URL); until then the built-in
              assistant answers.
            </p>
          ) : null}
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        {canEdit ? (
          <div>
            <SubmitButton name="intent" value="assistant" pendingText="Saving…">
              Save assistant settings
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}
