import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react';
import { Form, useFetcher, type FetcherWithComponents } from '@remix-run/react';
import type { ReactNode } from 'react';
import { CUSTOMER_STATUS_LABELS, customerSchema, type CustomerStatus } from '#contract/schemas/customer';
import type { CustomerDefaults, CustomerFormReply } from '#app/lib/customers';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { CancelButton, DefaultSubmit, ErrorList, Field, SelectField, SubmitButton } from '../forms';
import { EmailListInput, PhoneListInput } from '../phone-list-input';
import { AddressListInput } from './address-input';

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
}: {
  id: string;
  action: string;
  reply?: CustomerFormReply | null;
  defaultValue: CustomerDefaults;
  statuses: readonly CustomerStatus[];
  submitLabel: string;
  pendingText: string;
  back?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fetcher?: FetcherWithComponents<any>;
  cancel: ReactNode;
}) {
  const [form, fields] = useSchemaForm(id, customerSchema, reply?.result, { defaultValue });

  const body = (
    <>
      <DefaultSubmit />
      {back ? <input type="hidden" name="back" value={back} /> : null}
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
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex items-center justify-end gap-3">
        {cancel}
        <SubmitButton pendingText={pendingText} pending={fetcher ? fetcher.state === 'submitting' : undefined}>
          {submitLabel}
        </SubmitButton>
      </div>
    </>
  );

  const formProps = { ...getFormProps(form), method: 'post' as const, action, className: 'flex flex-col gap-4' };
  return fetcher ? <fetcher.Form {...formProps}>{body}</fetcher.Form> : <Form {...formProps}>{body}</Form>;
}

/** The form inside a dialog (JavaScript on): sent through a fetcher to the full page's action. */
export function CustomerFormDialog({
  close,
  ...props
}: Omit<Parameters<typeof CustomerForm>[0], 'fetcher' | 'reply' | 'cancel'> & { close: () => void }) {
  const fetcher = useFetcher<CustomerFormReply>();
  return <CustomerForm {...props} fetcher={fetcher} reply={fetcher.data} cancel={<CancelButton onClick={close} />} />;
}
