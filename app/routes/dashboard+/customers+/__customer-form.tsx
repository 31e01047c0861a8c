import { getInputProps, getSelectProps } from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import { CUSTOMER_STATUS_LABELS, customerSchema, type CustomerStatus } from '#contract/schemas/customer';
import type { CustomerDefaults, CustomerFormReply } from '#app/lib/customers';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { CancelButton, DefaultSubmit, Field, SelectField } from '#app/components/forms';
import { EntityFormFrame, type EntityFormProps } from '#app/components/entity-form';
import { EmailListInput, PhoneListInput } from '#app/components/phone-list-input';
import { AddressListInput } from '#app/routes/dashboard+/customers+/__address-input';

/**
 * The contact form (create and edit), on its own page or in a dialog. In a dialog it is
 * sent through a fetcher, so a refusal is shown in place and a save (a redirect) moves on.
 */
export function CustomerForm({
  id,
  action,
  reply,
  defaultValue,
  statuses,
  submitLabel,
  pendingText,
  back,
  fetcher,
  cancel,
}: EntityFormProps<CustomerDefaults, CustomerFormReply> & { statuses: readonly CustomerStatus[] }) {
  const [form, fields] = useSchemaForm(id, customerSchema, reply?.result, { defaultValue });

  return (
    <EntityFormFrame form={form} {...{ action, back, fetcher, cancel, submitLabel, pendingText }}>
      <DefaultSubmit />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          errors={fields.first_name.errors}
          inputProps={{ ...getInputProps(fields.first_name, { type: 'text' }), autoComplete: 'off', autoFocus: true }}
        />
        <Field
          label="Last name"
          errors={fields.last_name.errors}
          inputProps={{ ...getInputProps(fields.last_name, { type: 'text' }), autoComplete: 'off' }}
        />
      </div>
      <SelectField label="Status" errors={fields.status.errors} selectProps={getSelectProps(fields.status)}>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {CUSTOMER_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <PhoneListInput label="Phone number" form={form} field={fields.phones} />
      <EmailListInput label="Email" form={form} field={fields.emails} />
      <AddressListInput form={form} field={fields.addresses} lookup={reply?.lookup} />
    </EntityFormFrame>
  );
}

/** The form inside a dialog (JavaScript on): sent through a fetcher to the full page's action. */
export function CustomerFormDialog({
  close,
  ...props
}: Omit<Parameters<typeof CustomerForm>[0], 'fetcher' | 'reply' | 'cancel'> & { close: () => void }) {
  const fetcher = useFetcher<CustomerFormReply>();
  return <CustomerForm {...props} fetcher={fetcher} reply={fetcher.data} cancel={<CancelButton onClick={close} />} />;
}
