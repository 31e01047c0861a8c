import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { CountryOptions } from './country-options';
import { businessSchema } from '#contract/schemas/business';
import { useSchemaForm } from '../lib/use-schema-form';
import { DefaultSubmit, ErrorList, Field, SelectField, SubmitButton } from './forms';
import { PhoneListInput } from './phone-list-input';
import { TimezoneOptions } from './timezone-options';

export type BusinessFormValues = {
  name: string;
  email: string;
  country: string;
  telephones: string[];
  address: string;
  timezone: string;
};

/**
 * The business details form (docs/product.md#entities Business: name, email, country, telephones,
 * plus address and timezone), used to create another business and to edit one. The
 * phone list's add/remove buttons are conform intents, so it works without JavaScript.
 */
export function BusinessDetailsForm({
  id,
  action,
  reply,
  defaultValue,
  submitLabel,
  pendingText,
  cancel,
}: {
  id: string;
  action: string;
  reply: SubmissionResult<string[]> | null | undefined;
  defaultValue: BusinessFormValues;
  submitLabel: string;
  pendingText: string;
  cancel?: ReactNode;
}) {
  const [form, fields] = useSchemaForm(id, businessSchema, reply, { defaultValue });
  return (
    <Form method="post" action={action} className="flex flex-col gap-4" {...getFormProps(form)}>
      <DefaultSubmit />
      <input type="hidden" name="intent" value="save" />
      <Field
        label="Business name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'organization' }}
      />
      <Field
        label="Business email"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <SelectField label="Country" errors={fields.country.errors} selectProps={getSelectProps(fields.country)}>
        <option value="">Choose a country</option>
        <CountryOptions />
      </SelectField>
      <PhoneListInput label="Business phone number" form={form} field={fields.telephones} />
      <Field
        label="Address"
        errors={fields.address.errors}
        inputProps={{ ...getInputProps(fields.address, { type: 'text' }), autoComplete: 'street-address' }}
      />
      <SelectField label="Timezone" errors={fields.timezone.errors} selectProps={getSelectProps(fields.timezone)}>
        <option value="">The country&apos;s timezone (opening hours and reminders use it)</option>
        <TimezoneOptions current={defaultValue.timezone} />
      </SelectField>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex items-center justify-end gap-3">
        {cancel}
        <SubmitButton pendingText={pendingText}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
