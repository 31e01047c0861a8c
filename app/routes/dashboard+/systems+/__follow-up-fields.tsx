import { getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { FOLLOW_UP_CHANNELS } from '#contract/system-terms';
import { SelectField, TextAreaField } from '#app/components/forms';

const FOLLOW_UP_LABELS: Record<(typeof FOLLOW_UP_CHANNELS)[number], string> = {
  none: 'No follow-up',
  sms: 'By SMS',
  email: 'By email',
};

/** How a lead catcher follows up each lead: the channel and its message (setup step and settings alike). */
export function FollowUpFields({
  followUp,
  template,
}: {
  followUp: FieldMetadata<unknown>;
  template: FieldMetadata<unknown>;
}) {
  return (
    <>
      <SelectField label="Follow up each lead" errors={followUp.errors} selectProps={getSelectProps(followUp)}>
        {FOLLOW_UP_CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {FOLLOW_UP_LABELS[channel]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Follow-up message"
        hint="May use {first_name}, {name} and {business_name}."
        errors={template.errors}
        textareaProps={{ ...getTextareaProps(template), rows: 3 }}
      />
    </>
  );
}
