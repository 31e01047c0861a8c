import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import {
  appointmentCreateSchema,
  appointmentEditSchema,
  DEFAULT_APPOINTMENT_MINUTES,
} from '#contract/schemas/appointment';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { Field, SelectField, TextAreaField } from '#app/components/forms';
import { EntityFormFrame, type EntityFormProps } from '#app/components/entity-form';

type Option = { _id: string; name: string };

/**
 * Book (create) or change (edit) an appointment: a plain POST with a hidden intent, so it
 * works without JavaScript. Times are datetime-local values on the business's clock.
 */
export function AppointmentForm({
  mode,
  reply,
  customers,
  services,
  defaultValue,
  submitLabel,
  timeZone,
}: Pick<EntityFormProps<Record<string, string>>, 'reply' | 'defaultValue' | 'submitLabel'> & {
  mode: 'create' | 'edit';
  customers: Option[];
  services: Option[];
  timeZone: string;
}) {
  const schema = mode === 'create' ? appointmentCreateSchema : appointmentEditSchema;
  const [form, fields] = useSchemaForm(`appointment-${mode}`, schema, reply, { defaultValue });
  return (
    <EntityFormFrame
      form={form}
      intent={mode}
      testId={`appointment-${mode}-form`}
      submitLabel={submitLabel}
      pendingText="Saving…"
      cancel={null}
    >
      {mode === 'create' ? (
        <SelectField
          label="Contact"
          selectProps={getSelectProps(fields.customer_id)}
          errors={fields.customer_id.errors}
        >
          <option value="">Choose a contact</option>
          {customers.map((customer) => (
            <option key={customer._id} value={customer._id}>
              {customer.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {services.length > 0 ? (
        <SelectField
          label="Service (optional)"
          selectProps={getSelectProps(fields.service_id)}
          errors={fields.service_id.errors}
        >
          <option value="">No particular service</option>
          {services.map((service) => (
            <option key={service._id} value={service._id}>
              {service.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Starts"
          inputProps={{ ...getInputProps(fields.start_at, { type: 'datetime-local' }), required: mode === 'create' }}
          errors={fields.start_at.errors}
          hint={`On the business's clock (${timeZone}).`}
        />
        <Field
          label="Ends (optional)"
          inputProps={getInputProps(fields.end_at, { type: 'datetime-local' })}
          errors={fields.end_at.errors}
          hint={
            mode === 'create'
              ? `Empty: as long as the service takes (${DEFAULT_APPOINTMENT_MINUTES} minutes without one).`
              : 'Empty with a new start: the same length as before; with a new service: its length.'
          }
        />
      </div>
      <TextAreaField
        label="Notes (optional)"
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 2 }}
        errors={fields.notes.errors}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="notify_customer" defaultChecked className="h-4 w-4" />
        {mode === 'create' ? 'Text the contact a confirmation' : 'Text the contact if the time changes'}
      </label>
    </EntityFormFrame>
  );
}
