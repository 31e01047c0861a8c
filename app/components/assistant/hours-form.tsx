import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form } from '@remix-run/react';
import { z } from 'zod';
import type { ApiBusinessSettings } from '#contract/envelope';
import {
  dayHoursSchema,
  DEFAULT_OPENING_HOURS,
  MAX_SLOTS_PER_DAY,
  NEW_OVERWRITE_DEFAULTS,
  NEW_SLOT_DEFAULTS,
  withSlots,
  overwriteSchema,
} from '#contract/schemas/business-settings';
import { DefaultSubmit, ErrorList, SubmitButton } from '../forms';

/** The weekly hours (all seven days) and the overwrites for single dates, one form. */
export const hoursFormSchema = z.object({
  opening_hours: z.array(dayHoursSchema).length(7, { error: 'Opening hours need all seven days.' }),
  overwrites: z.array(overwriteSchema).max(366, { error: 'At most 366 overwrites.' }).default([]),
});

/**
 * An unticked checkbox sends nothing, which the API reads as its default: "all day" for a
 * special date defaults to on. The form says it explicitly, on the server and in the browser.
 */
export function withUntickedBoxes(formData: FormData): FormData {
  const copy = new FormData();
  for (const [key, value] of formData) copy.append(key, value);
  for (const key of formData.keys()) {
    const entry = /^overwrites\[(\d+)\]\.date$/.exec(key);
    if (entry && !formData.has(`overwrites[${entry[1]}].all_day`)) copy.set(`overwrites[${entry[1]}].all_day`, 'false');
  }
  return copy;
}

const DAY_LABELS: Record<string, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

const control =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm aria-[invalid=true]:border-red-500';

export function HoursForm({
  settings,
  reply,
  canEdit,
}: {
  settings: ApiBusinessSettings;
  reply: SubmissionResult<string[]> | null;
  canEdit: boolean;
}) {
  const [form, fields] = useForm({
    id: 'opening-hours',
    lastResult: reply,
    defaultValue: {
      opening_hours: (settings.opening_hours ?? DEFAULT_OPENING_HOURS).map(withSlots),
      overwrites: settings.overwrites.map((entry) => ({ ...entry, note: entry.note ?? '' })),
    } as never,
    constraint: getZodConstraint(hoursFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(withUntickedBoxes(formData), { schema: hoursFormSchema }),
  });
  const days = fields.opening_hours.getFieldList();
  const overwrites = fields.overwrites.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      {/* Enter in a field saves the hours, not "Add a date". */}
      <DefaultSubmit />
      <input type="hidden" name="intent" value="hours" />
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        {settings.opening_hours === null ? (
          <p
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
            data-testid="hours-not-set"
          >
            These are suggested hours. The assistant does not tell callers any opening hours until you save them.
          </p>
        ) : null}
        <table className="w-full text-sm">
          <caption className="sr-only">Weekly opening hours</caption>
          <thead>
            <tr className="text-left text-slate-500">
              {/* Padded like the cells below, so a heading never runs into the next one. */}
              <th scope="col" className="py-1 pr-3 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Open
              </th>
              {/* From and To share one cell that wraps to two lines on a phone, so the table fits a 390 px screen. */}
              <th scope="col" className="py-1 font-medium">
                Hours
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((dayField) => {
              const day = dayField.getFieldset();
              const name = DAY_LABELS[String(day.day.initialValue ?? '')] ?? String(day.day.initialValue ?? '');
              return (
                <tr
                  key={dayField.key}
                  className="border-t border-slate-100 align-top"
                  data-day={String(day.day.initialValue ?? '')}
                >
                  <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-800">
                    <input {...getInputProps(day.day, { type: 'hidden' })} key={day.day.key} />
                    {name}
                  </th>
                  <td className="py-2 pr-3">
                    <input
                      {...getInputProps(day.open, { type: 'checkbox', value: 'on' })}
                      key={day.open.key}
                      aria-label={`Open on ${name}`}
                      className="h-4 w-4"
                    />
                  </td>
                  <td className="py-2">
                    <DaySlots form={form} day={day} name={name} dayErrors={dayField.errors} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <ErrorList errors={fields.opening_hours.errors} />

        <fieldset className="flex flex-col gap-3">
          <legend className="font-medium">Special dates</legend>
          <p className="text-xs text-slate-500">
            Holidays and other days that differ from the week above. A new date starts closed all day.
          </p>
          {overwrites.length === 0 ? <p className="text-sm text-slate-500">No special dates.</p> : null}
          <ul className="flex flex-col gap-3" data-testid="overwrites">
            {overwrites.map((entryField, index) => {
              const entry = entryField.getFieldset();
              const label = `Special date ${index + 1}`;
              return (
                <li
                  key={entryField.key}
                  className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
                  data-testid="overwrite"
                >
                  {entry._id.initialValue ? (
                    <input {...getInputProps(entry._id, { type: 'hidden' })} key={entry._id.key} />
                  ) : null}
                  <div className="flex flex-wrap items-end gap-3">
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium text-slate-700">Date</span>
                      <input
                        {...getInputProps(entry.date, { type: 'date' })}
                        key={entry.date.key}
                        aria-label={`${label}: date`}
                        className={control}
                      />
                    </label>
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium text-slate-700">Status</span>
                      <select
                        {...getSelectProps(entry.status)}
                        key={entry.status.key}
                        aria-label={`${label}: status`}
                        className={control}
                      >
                        <option value="closed">Closed</option>
                        <option value="open">Open</option>
                      </select>
                    </label>
                    <label className="flex items-center gap-2 pb-2 text-sm">
                      <input
                        {...getInputProps(entry.all_day, { type: 'checkbox', value: 'on' })}
                        key={entry.all_day.key}
                        aria-label={`${label}: all day`}
                        className="h-4 w-4"
                      />
                      <span className="text-slate-700">All day</span>
                    </label>
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium text-slate-700">From</span>
                      <input
                        {...getInputProps(entry.start, { type: 'time' })}
                        key={entry.start.key}
                        aria-label={`${label}: from`}
                        className={control}
                      />
                    </label>
                    <label className="flex flex-col gap-1 text-sm">
                      <span className="font-medium text-slate-700">To</span>
                      <input
                        {...getInputProps(entry.end, { type: 'time' })}
                        key={entry.end.key}
                        aria-label={`${label}: to`}
                        className={control}
                      />
                    </label>
                  </div>
                  <label className="flex flex-col gap-1 text-sm">
                    <span className="font-medium text-slate-700">Note for callers</span>
                    <input
                      {...getInputProps(entry.note, { type: 'text' })}
                      key={entry.note.key}
                      maxLength={100}
                      placeholder="e.g. Christmas Day"
                      aria-label={`${label}: note`}
                      className={control}
                    />
                  </label>
                  <ErrorList
                    errors={[
                      ...(entry.date.errors ?? []),
                      ...(entry.start.errors ?? []),
                      ...(entry.end.errors ?? []),
                      ...(entryField.errors ?? []),
                    ]}
                  />
                  <div>
                    <button
                      {...form.remove.getButtonProps({ name: fields.overwrites.name, index })}
                      className="text-sm text-red-700 underline"
                      aria-label={`Remove special date ${index + 1}`}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <button
            {...form.insert.getButtonProps({
              name: fields.overwrites.name,
              defaultValue: { ...NEW_OVERWRITE_DEFAULTS, date: '', note: '' } as never,
            })}
            className="self-start text-sm font-medium text-brand-600 underline"
          >
            Add a special date
          </button>
          <ErrorList errors={fields.overwrites.errors} />
        </fieldset>
        <p className="text-xs text-slate-500">Times are on your business&apos;s clock ({settings.timezone}).</p>
        <ErrorList id={form.errorId} errors={form.errors} />
        {canEdit ? (
          <div>
            <SubmitButton name="intent" value="hours" pendingText="Saving…">
              Save opening hours
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

type HoursFormMeta = ReturnType<typeof useForm<z.input<typeof hoursFormSchema>>>[0];
type DayFieldset = ReturnType<
  ReturnType<
    ReturnType<typeof useForm<z.input<typeof hoursFormSchema>>>[1]['opening_hours']['getFieldList']
  >[number]['getFieldset']
>;

/**
 * One day's time slots ("9:00 to 12:30" and "13:30 to 17:00" around a lunch break). Adding
 * and removing a slot are conform intents: plain submit buttons, so they work without
 * JavaScript too (the page comes back with the list changed, nothing saved yet).
 */
function DaySlots({
  form,
  day,
  name,
  dayErrors,
}: {
  form: HoursFormMeta;
  day: DayFieldset;
  name: string;
  dayErrors?: string[];
}) {
  const slots = day.slots.getFieldList();
  return (
    <div className="flex flex-col gap-1" data-testid="day-slots">
      {slots.map((slotField, index) => {
        const slot = slotField.getFieldset();
        const label = slots.length > 1 ? `${name} slot ${index + 1}` : name;
        return (
          <div key={slotField.key} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="slot">
              <input
                {...getInputProps(slot.start, { type: 'time' })}
                key={slot.start.key}
                aria-label={`${label} opens at`}
                className={control}
              />
              <span aria-hidden="true" className="text-slate-500">
                to
              </span>
              <input
                {...getInputProps(slot.end, { type: 'time' })}
                key={slot.end.key}
                aria-label={`${label} closes at`}
                className={control}
              />
              {slots.length > 1 ? (
                <button
                  {...form.remove.getButtonProps({ name: day.slots.name, index })}
                  className="text-xs text-red-700 underline"
                  aria-label={`Remove ${name} slot ${index + 1}`}
                >
                  Remove
                </button>
              ) : null}
            </div>
            <ErrorList
              errors={[...(slot.start.errors ?? []), ...(slot.end.errors ?? []), ...(slotField.errors ?? [])]}
            />
          </div>
        );
      })}
      {slots.length < MAX_SLOTS_PER_DAY ? (
        <button
          {...form.insert.getButtonProps({ name: day.slots.name, defaultValue: NEW_SLOT_DEFAULTS as never })}
          className="self-start text-xs font-medium text-brand-600 underline"
          aria-label={`Add a time slot on ${name}`}
        >
          Add a time slot
        </button>
      ) : null}
      <ErrorList
        errors={[
          ...(day.start.errors ?? []),
          ...(day.end.errors ?? []),
          ...(day.slots.errors ?? []),
          ...(dayErrors ?? []),
        ]}
      />
    </div>
  );
}
