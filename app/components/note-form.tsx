import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Link } from '@remix-run/react';
import { useId } from 'react';
import { noteFormSchema } from '../lib/note-form';
import { useSchemaForm } from '../lib/use-schema-form';
import { ContactPicker } from './contact-picker';
import { ErrorList, Field, SelectField } from './forms';
import { EntityFormFrame } from './entity-form';

type Props = {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: Record<string, unknown>;
  customers: { _id: string; name: string }[];
  timeZone: string;
  submitText: string;
  cancelTo: string;
  /** Where the form posts (defaults to the current route). */
  action?: string;
};

/**
 * Create and edit a note or task. A reminder makes it a task; the reminder is read on the
 * business's wall clock (its timezone is named next to the input), and only a task repeats.
 */
export function NoteForm({ id, lastResult, defaultValue, customers, timeZone, submitText, cancelTo, action }: Props) {
  const [form, fields] = useSchemaForm(id, noteFormSchema, lastResult, { defaultValue });
  const bodyId = useId();
  const bodyErrorId = fields.body.errors?.length ? `${bodyId}-error` : undefined;
  return (
    <EntityFormFrame
      form={form}
      action={action}
      submitLabel={submitText}
      pendingText="Saving…"
      cancel={
        <Link to={cancelTo} className="text-sm font-medium text-slate-700 underline">
          Cancel
        </Link>
      }
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={bodyId} className="text-sm font-medium text-slate-700">
          Note
        </label>
        <textarea
          {...getTextareaProps(fields.body)}
          id={bodyId}
          rows={4}
          aria-invalid={bodyErrorId ? true : undefined}
          aria-describedby={bodyErrorId}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm aria-[invalid=true]:border-red-500"
        />
        <ErrorList id={bodyErrorId} errors={fields.body.errors} />
      </div>
      {customers.length ? (
        <ContactPicker
          key={fields.customer_id.key}
          name={fields.customer_id.name}
          label="Contact"
          emptyLabel="No contact"
          options={customers}
          defaultValue={String(fields.customer_id.initialValue ?? '')}
          errors={fields.customer_id.errors}
        />
      ) : (
        <input type="hidden" name={fields.customer_id.name} value={String(defaultValue.customer_id ?? '')} />
      )}
      <Field
        label="Reminder"
        hint={`Leave empty for a plain note. Times are in the business's timezone (${timeZone}).`}
        errors={fields.reminder.errors}
        inputProps={getInputProps(fields.reminder, { type: 'datetime-local' })}
      />
      <fieldset className="flex flex-wrap items-start gap-4">
        <legend className="sr-only">Repeat</legend>
        <SelectField
          label="Repeats"
          errors={fields.repeat_every.errors}
          selectProps={getSelectProps(fields.repeat_every)}
        >
          <option value="">Does not repeat</option>
          <option value="day">Every day</option>
          <option value="week">Every week</option>
          <option value="month">Every month</option>
        </SelectField>
        <Field
          label="Every how many"
          hint="E.g. 3 with “Every day” repeats every 3 days."
          errors={fields.repeat_interval.errors}
          inputProps={{ ...getInputProps(fields.repeat_interval, { type: 'number' }), min: 1, max: 365 }}
        />
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.internal, { type: 'checkbox' })} className="h-4 w-4" />
        Internal task for the team
      </label>
    </EntityFormFrame>
  );
}
