import { getInputProps, getSelectProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { CountryOptions } from './country-options';
import { businessSchema } from '#contract/schemas/business';
import { useSchemaForm } from '../lib/use-schema-form';
import { DefaultSubmit, Field, SelectField } from './forms';
import { EntityFormFrame, type EntityFormProps } from './entity-form';
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
}: Omit<EntityFormProps<BusinessFormValues>, 'action' | 'back' | 'fetcher' | 'cancel'> & {
  /** Where it posts; the page it is on when not given. */
  action?: string;
  cancel?: ReactNode;
}) {
  const [form, fields] = useSchemaForm(id, businessSchema, reply, { defaultValue });
  return (
    <EntityFormFrame form={form} intent="save" {...{ action, cancel, submitLabel, pendingText }}>
      <DefaultSubmit />
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
    </EntityFormFrame>
  );
}
