import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form } from '@remix-run/react';
import { z } from 'zod';
import { isValidTimezone } from '#contract/countries';
import { messages } from '#contract/messages';
import {
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationPreferences,
} from '#contract/schemas/business-settings';
import { ErrorList, SelectField, SubmitButton } from '#app/components/forms';
import { TimezoneOptions } from '#app/components/timezone-options';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: messages.hours.timeInvalid }).trim().regex(TIME, { error: messages.hours.timeInvalid });
/** A checkbox: ticked sends "on", unticked sends nothing (false). */
const box = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true');

export const timezoneFormSchema = z.object({
  timezone: z
    .string({ error: 'Timezone is required.' })
    .trim()
    .min(1, { error: 'Timezone is required.' })
    .refine(isValidTimezone, { error: messages.timezone.invalid }),
});

/** The member's own preferences: every event box and the quiet hours, sent in full. */
export const notificationsFormSchema = z.object({
  events: z
    .object(
      Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, box])) as Record<
        (typeof NOTIFICATION_EVENTS)[number],
        typeof box
      >,
    )
    .default({} as never),
  quiet_hours: z.object({ enabled: box, start: time, end: time, urgent_override: box }),
  daily_summary: z.object({ enabled: box, time }),
});

const control =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm aria-[invalid=true]:border-red-500';

export function TimezoneForm({
  timezone,
  reply,
  canEdit,
}: {
  timezone: string;
  reply: SubmissionResult<string[]> | null;
  canEdit: boolean;
}) {
  const [form, fields] = useForm({
    id: 'business-timezone',
    lastResult: reply,
    defaultValue: { timezone },
    constraint: getZodConstraint(timezoneFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: timezoneFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="timezone" />
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <SelectField label="Timezone" errors={fields.timezone.errors} selectProps={getSelectProps(fields.timezone)}>
            <TimezoneOptions current={timezone} />
          </SelectField>
          <p className="text-xs text-slate-500">Opening hours, quiet hours and reminders are on this clock.</p>
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        {canEdit ? (
          <div>
            <SubmitButton name="intent" value="timezone" pendingText="Saving…">
              Save timezone
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

export function NotificationsForm({
  preferences,
  reply,
}: {
  preferences: NotificationPreferences;
  reply: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: 'notification-preferences',
    lastResult: reply,
    defaultValue: {
      events: Object.fromEntries(
        NOTIFICATION_EVENTS.map((event) => [event, preferences.events[event] ? 'on' : undefined]),
      ),
      quiet_hours: {
        enabled: preferences.quiet_hours.enabled ? 'on' : undefined,
        start: preferences.quiet_hours.start,
        end: preferences.quiet_hours.end,
        urgent_override: preferences.quiet_hours.urgent_override ? 'on' : undefined,
      },
      daily_summary: {
        enabled: preferences.daily_summary.enabled ? 'on' : undefined,
        time: preferences.daily_summary.time,
      },
    } as never,
    constraint: getZodConstraint(notificationsFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: notificationsFormSchema }),
  });
  const events = fields.events.getFieldset();
  const quiet = fields.quiet_hours.getFieldset();
  const summary = fields.daily_summary.getFieldset();
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="notifications" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Notify me about</legend>
        {NOTIFICATION_EVENTS.map((event) => {
          const field = events[event];
          return (
            <label key={event} className="flex items-center gap-2 text-sm text-slate-700">
              <input {...getInputProps(field, { type: 'checkbox', value: 'on' })} key={field.key} className="h-4 w-4" />
              {NOTIFICATION_EVENT_LABELS[event]}
            </label>
          );
        })}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-medium">Quiet hours</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            {...getInputProps(quiet.enabled, { type: 'checkbox', value: 'on' })}
            key={quiet.enabled.key}
            className="h-4 w-4"
          />
          Do not notify me during quiet hours
        </label>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">From</span>
            <input
              {...getInputProps(quiet.start, { type: 'time' })}
              key={quiet.start.key}
              aria-label="Quiet hours from"
              className={control}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">To</span>
            <input
              {...getInputProps(quiet.end, { type: 'time' })}
              key={quiet.end.key}
              aria-label="Quiet hours to"
              className={control}
            />
          </label>
        </div>
        <ErrorList errors={[...(quiet.start.errors ?? []), ...(quiet.end.errors ?? [])]} />
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            {...getInputProps(quiet.urgent_override, { type: 'checkbox', value: 'on' })}
            key={quiet.urgent_override.key}
            className="mt-1 h-4 w-4"
          />
          <span>
            <span className="font-medium">Still notify me for urgent callers</span>
            <span className="block text-xs text-slate-500">
              Callers the assistant flags as an emergency get through even during quiet hours.
            </span>
          </span>
        </label>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-medium">Daily summary email</legend>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            {...getInputProps(summary.enabled, { type: 'checkbox', value: 'on' })}
            key={summary.enabled.key}
            className="mt-1 h-4 w-4"
          />
          <span>
            <span className="font-medium">Email me a summary of yesterday every day</span>
            <span className="block text-xs text-slate-500">
              Calls, texts, leads and orders, and the questions waiting for an answer, each with a link.
            </span>
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Send it at (business timezone)</span>
          <input
            {...getInputProps(summary.time, { type: 'time' })}
            key={summary.time.key}
            className={`${control} w-32`}
          />
        </label>
        <ErrorList errors={summary.time.errors} />
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <SubmitButton name="intent" value="notifications" pendingText="Saving…">
          Save my notifications
        </SubmitButton>
      </div>
    </Form>
  );
}
