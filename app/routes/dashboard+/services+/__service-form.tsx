import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import {
  FREQUENCY_UNITS,
  FREQUENCY_UNIT_LABELS,
  SERVICE_STATUSES,
  SERVICE_STATUS_LABELS,
  serviceSchema,
} from '#contract/schemas/service';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { EntityFormFrame, type EntityFormProps } from '#app/components/entity-form';
import { CancelButton, ErrorList, Field, SelectField } from '#app/components/forms';
import type { ServiceDefaults } from '#app/routes/dashboard+/services+/__service-bits';

const textareaClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 aria-[invalid=true]:border-red-500';

/**
 * The service form (create and edit), on its own page or in a dialog. In a dialog it is
 * sent through a fetcher, so a refusal is shown in place and a save (a redirect) moves on.
 */
export function ServiceForm({
  id,
  action,
  reply,
  defaultValue,
  submitLabel,
  pendingText,
  back,
  fetcher,
  cancel,
}: EntityFormProps<ServiceDefaults>) {
  const [form, fields] = useSchemaForm(id, serviceSchema, reply, { defaultValue });
  const descriptionErrorId = fields.description.errors?.length ? `${fields.description.id}-error` : undefined;

  return (
    <EntityFormFrame form={form} {...{ action, back, fetcher, cancel, submitLabel, pendingText }}>
      <Field
        label="Name"
        errors={fields.name.errors}
        inputProps={{
          ...getInputProps(fields.name, { type: 'text' }),
          maxLength: 200,
          autoComplete: 'off',
          autoFocus: true,
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Status" errors={fields.status.errors} selectProps={getSelectProps(fields.status)}>
          {SERVICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {SERVICE_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Frequency"
          errors={fields.frequency.errors}
          hint="Time between visits; 0 for a one-off job."
          inputProps={{
            ...getInputProps(fields.frequency, { type: 'text' }),
            inputMode: 'numeric',
            autoComplete: 'off',
          }}
        />
        <SelectField
          label="Frequency unit"
          errors={fields.frequency_unit.errors}
          selectProps={getSelectProps(fields.frequency_unit)}
        >
          {FREQUENCY_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {FREQUENCY_UNIT_LABELS[unit]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Duration (minutes)"
          errors={fields.duration_minutes.errors}
          hint="How long a visit takes: an appointment for it lasts this long."
          inputProps={{
            ...getInputProps(fields.duration_minutes, { type: 'text' }),
            inputMode: 'numeric',
            autoComplete: 'off',
            maxLength: 4,
          }}
        />
        <Field
          label="Price"
          errors={fields.price.errors}
          hint="As the assistant may quote it, e.g. “From £40”."
          inputProps={{ ...getInputProps(fields.price, { type: 'text' }), maxLength: 200, autoComplete: 'off' }}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.description.id} className="text-sm font-medium text-slate-700">
          Description
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
          maxLength={5000}
          rows={4}
          aria-describedby={descriptionErrorId}
          className={textareaClass}
        />
        <ErrorList id={descriptionErrorId} errors={fields.description.errors} />
      </div>
    </EntityFormFrame>
  );
}

/** The form inside a dialog (JavaScript on): sent through a fetcher to the full page's action. */
export function ServiceFormDialog({
  close,
  ...props
}: Omit<Parameters<typeof ServiceForm>[0], 'fetcher' | 'reply' | 'cancel'> & { close: () => void }) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  return <ServiceForm {...props} fetcher={fetcher} reply={fetcher.data} cancel={<CancelButton onClick={close} />} />;
}
