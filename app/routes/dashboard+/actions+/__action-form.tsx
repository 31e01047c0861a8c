import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { ACTION_KINDS, ACTION_STATUSES, ACTION_TRIGGERS, actionSchema } from '#contract/schemas/action';
import { CUSTOMER_STATUSES, CUSTOMER_STATUS_LABELS } from '#contract/schemas/customer';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { Field, SelectField, TextAreaField } from '#app/components/forms';
import { EntityFormFrame, type EntityFormProps } from '#app/components/entity-form';
import {
  kindLabel,
  statusLabel,
  triggerLabel,
  type ActionDefaults,
  type ActionFormReply,
  type ActionPreview,
  type AssigneeOption,
} from '#app/routes/dashboard+/actions+/__action-types';

/** Typing pauses this long before the live preview asks again. */
const PREVIEW_PAUSE_MS = 300;

/** After hydration: with JavaScript the fields that do not apply to the chosen trigger or kind are hidden. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A ticked option; the hint describes it (aria-describedby) rather than being part of its name. */
function Checkbox({ label, hint, props }: { label: string; hint: string; props: ReturnType<typeof getInputProps> }) {
  const hintId = `${props.id}-hint`;
  return (
    <div className="flex items-start gap-2 text-sm">
      <input {...props} aria-describedby={hintId} className="mt-1 h-4 w-4" />
      <div>
        <label htmlFor={props.id} className="font-medium text-slate-800">
          {label}
        </label>
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}

/**
 * The action editor (create and edit): when it runs, what it does, its limits, and a
 * preview of the message for a sample customer. A plain form posting to its own page, so
 * it works without JavaScript (Preview is then a submit button that re-renders the form).
 */
export function ActionForm({
  id,
  actionId,
  reply,
  defaultValue,
  assignees,
  readyMade,
  submitLabel,
  pendingText,
  cancel,
}: Omit<EntityFormProps<ActionDefaults, ActionFormReply>, 'action' | 'back' | 'fetcher'> & {
  /** The saved action being edited: an empty template then previews what it sends. */
  actionId?: string;
  assignees: AssigneeOption[];
  /** A ready-made action: an empty template means its recipe's message (e.g. the phone system's text-back). */
  readyMade: boolean;
}) {
  const [form, fields] = useSchemaForm(id, actionSchema, reply?.result, { defaultValue });
  const hydrated = useHydrated();
  const trigger = String(fields.trigger.value ?? defaultValue.trigger);
  const kind = String(fields.kind.value ?? defaultValue.kind);
  const shows = (wanted: boolean) => !hydrated || wanted;
  const sendsMessage = kind === 'send_sms' || kind === 'send_email';
  const knownAssignee = !defaultValue.assignee_id || assignees.some((member) => member.id === defaultValue.assignee_id);

  return (
    <EntityFormFrame form={form} className="flex flex-col gap-6" {...{ cancel, submitLabel, pendingText }}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: 100, autoComplete: 'off' }}
        />
        <SelectField label="Status" errors={fields.status.errors} selectProps={getSelectProps(fields.status)}>
          {ACTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold text-slate-900">When it runs</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Trigger" errors={fields.trigger.errors} selectProps={getSelectProps(fields.trigger)}>
            {ACTION_TRIGGERS.map((value) => (
              <option key={value} value={value}>
                {triggerLabel(value)}
              </option>
            ))}
          </SelectField>
          {shows(trigger === 'customer_status') ? (
            <SelectField
              label="Contact status (for “stays in a status”)"
              errors={fields.trigger_status.errors}
              selectProps={getSelectProps(fields.trigger_status)}
            >
              <option value="">Choose a status</option>
              {CUSTOMER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {CUSTOMER_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
          ) : null}
          <Field
            label="Interval"
            errors={fields.interval.errors}
            hint="“immediately”, “30 minutes”, “6 hours”, “2 days” or “1 week”: how long after the trigger (or how often, when repeating)."
            inputProps={{ ...getInputProps(fields.interval, { type: 'text' }), maxLength: 50, autoComplete: 'off' }}
          />
        </div>
        <Checkbox
          label="Repeat"
          hint="Run again every interval while the trigger still holds, instead of once."
          props={getInputProps(fields.repeat, { type: 'checkbox' })}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold text-slate-900">What it does</legend>
        <SelectField
          label="What the assistant does"
          errors={fields.kind.errors}
          selectProps={getSelectProps(fields.kind)}
        >
          {ACTION_KINDS.map((value) => (
            <option key={value} value={value}>
              {kindLabel(value)}
            </option>
          ))}
        </SelectField>
        {shows(kind !== 'set_customer_status') ? (
          <TextAreaField
            label={kind === 'create_task' ? 'Task' : 'Message'}
            errors={fields.template.errors}
            hint={
              <>
                Use {'{first_name}'}, {'{name}'} and {'{business_name}'} for the customer’s and the business’s details.
                {readyMade
                  ? ' Leave empty to use the ready-made message (for a missed call, the phone system’s text-back message).'
                  : ''}
              </>
            }
            textareaProps={{ ...getTextareaProps(fields.template), rows: 4, maxLength: 1600 }}
          />
        ) : null}
        {shows(kind === 'create_task') ? (
          <SelectField
            label="Task for (create task)"
            errors={fields.assignee_id.errors}
            selectProps={getSelectProps(fields.assignee_id)}
          >
            <option value="">Unassigned (the whole team)</option>
            {!knownAssignee ? <option value={defaultValue.assignee_id}>The current team member</option> : null}
            {assignees.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shows(kind === 'set_customer_status') ? (
          <SelectField
            label="Move the contact to (status)"
            errors={fields.target_status.errors}
            selectProps={getSelectProps(fields.target_status)}
          >
            <option value="">Choose a status</option>
            {CUSTOMER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CUSTOMER_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        ) : null}
        {shows(sendsMessage || kind === 'create_task') ? (
          <PreviewPanel
            formId={form.id}
            actionId={actionId}
            template={String(fields.template.value ?? '')}
            kind={kind}
            answered={reply?.preview}
          />
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold text-slate-900">Limits</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="At most this many times per customer a day"
            errors={fields.per_customer_limit.errors}
            inputProps={{ ...getInputProps(fields.per_customer_limit, { type: 'number' }), min: 1, max: 50 }}
          />
        </div>
        <Checkbox
          label="Only in opening hours"
          hint="Messages wait until the business is open."
          props={getInputProps(fields.opening_hours_only, { type: 'checkbox' })}
        />
        <Checkbox
          label="Stop when the customer replies"
          hint="A reply after the trigger ends the follow-up for that customer."
          props={getInputProps(fields.stop_on_reply, { type: 'checkbox' })}
        />
      </fieldset>
    </EntityFormFrame>
  );
}

/**
 * The message for a sample customer. With JavaScript it follows the template as it is
 * typed (the preview resource route); without, the Preview button posts the form and the
 * answer comes back with it.
 */
function PreviewPanel({
  formId,
  actionId,
  template,
  kind,
  answered,
}: {
  formId: string;
  actionId?: string;
  template: string;
  kind: string;
  answered?: ActionPreview;
}) {
  const fetcher = useFetcher<{ preview: ActionPreview }>();
  const { load } = fetcher;
  const [asked, setAsked] = useState(false);
  const hydrated = useHydrated();
  const wanted = Boolean(template.trim() || actionId);
  useEffect(() => {
    if (!hydrated || !wanted) return;
    const timer = setTimeout(() => {
      setAsked(true);
      load(
        `/dashboard/actions/preview?${new URLSearchParams({ template, kind, ...(actionId ? { action_id: actionId } : {}) })}`,
      );
    }, PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [hydrated, wanted, template, kind, actionId, load]);
  const preview = (asked && wanted ? fetcher.data?.preview : null) ?? answered ?? null;

  return (
    <section
      className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-labelledby={`${formId}-preview-title`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${formId}-preview-title`} className="text-sm font-semibold text-slate-800">
          Preview
        </h3>
        <button
          type="submit"
          name="intent"
          value="preview"
          formNoValidate
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium shadow-sm hover:bg-slate-50"
        >
          Preview
        </button>
      </div>
      <div data-testid="action-preview" aria-live="polite">
        {preview?.error ? (
          <p className="text-sm text-red-700">{preview.error}</p>
        ) : preview?.text ? (
          <>
            {preview.customer ? <p className="text-xs text-slate-500">For {preview.customer.name}:</p> : null}
            <p className="whitespace-pre-line text-slate-900" data-testid="action-preview-text">
              {preview.text}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-500">Write a message to see it as a customer would.</p>
        )}
      </div>
    </section>
  );
}
