import { getCollectionProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { messages } from '#contract/messages';
import { OUTGOING_EVENT_LABELS, OUTGOING_EVENTS, type OutgoingEvent } from '#contract/outgoing-webhook-terms';
import { ErrorList, Field } from '#app/components/forms';
import { EntityFormFrame, type EntityFormProps } from '#app/components/entity-form';

/** The endpoint form (add and edit): the URL, what it is for, and the events it receives. */
export const outgoingWebhookFormSchema = z.object({
  url: z
    .string({ error: messages.outgoingWebhook.urlRequired })
    .trim()
    .min(1, { error: messages.outgoingWebhook.urlRequired })
    .max(2000, { error: 'Endpoint URL must be less than 2000 characters.' }),
  description: z.string().trim().max(200, { error: 'Description must be less than 200 characters.' }).optional(),
  events: z
    .array(z.enum(OUTGOING_EVENTS, { error: messages.outgoingWebhook.eventUnknown }), {
      error: messages.outgoingWebhook.eventsRequired,
    })
    .min(1, { error: messages.outgoingWebhook.eventsRequired }),
});

export function OutgoingWebhookForm({
  id,
  intent,
  reply,
  defaultValue,
  submitLabel,
}: Pick<EntityFormProps<unknown>, 'id' | 'reply' | 'submitLabel'> & {
  intent: string;
  defaultValue?: { url: string; description: string | null; events: OutgoingEvent[] };
}) {
  const [form, fields] = useForm({
    id,
    lastResult: reply,
    defaultValue: defaultValue
      ? { url: defaultValue.url, description: defaultValue.description ?? '', events: defaultValue.events }
      : { events: [] },
    constraint: getZodConstraint(outgoingWebhookFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: outgoingWebhookFormSchema }),
  });
  const checkboxes = getCollectionProps(fields.events, { type: 'checkbox', options: [...OUTGOING_EVENTS] });
  return (
    <EntityFormFrame form={form} intent={intent} submitLabel={submitLabel} pendingText="Saving…" cancel={null}>
      <Field
        label="Endpoint URL"
        inputProps={{
          ...getInputProps(fields.url, { type: 'url' }),
          placeholder: 'https://hooks.example.com/assistant',
        }}
        errors={fields.url.errors}
        hint="An https:// address on the internet, such as a Zapier or Make webhook, or your own server."
      />
      <Field
        label="Description (optional)"
        inputProps={{ ...getInputProps(fields.description, { type: 'text' }), placeholder: 'Our CRM' }}
        errors={fields.description.errors}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={fields.events.errors?.length ? `${id}-events-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-700">Send these events</legend>
        {checkboxes.map((props) => (
          <label key={props.key} className="flex items-center gap-2 text-sm text-slate-700">
            <input {...props} key={props.key} className="h-4 w-4" />
            {OUTGOING_EVENT_LABELS[props.value as OutgoingEvent]}{' '}
            <code className="text-xs text-slate-500">{props.value}</code>
          </label>
        ))}
        <ErrorList id={`${id}-events-error`} errors={fields.events.errors} />
      </fieldset>
    </EntityFormFrame>
  );
}
