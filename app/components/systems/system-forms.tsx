import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react';
import type { ReactNode } from 'react';
import { Form, Link, useFetcher } from '@remix-run/react';
import {
  SIMULATION_KINDS,
  type ApiSimulation,
  type ApiSystem,
  type LeadcatcherSettings,
  type MobileSettings,
} from '#contract/schemas/system';
import {
  leadcatcherSettingsFormSchema,
  makeCallSchema,
  phoneSettingsFormSchema,
  sendMessageSchema,
  SIMULATION_LABELS,
  simulateSchema,
  type SystemFormName,
  type SystemReply,
} from '#app/lib/systems';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { ErrorList, Field, SubmitButton, TextAreaField } from '../forms';
import { usePhoneExample, usePhoneFormat } from '#app/lib/phone-labels';
import { cardClass } from '#app/components/ui/card';
import { FollowUpFields } from './follow-up-fields';

const card = cardClass();

const replyFor = (reply: SystemReply | null, form: SystemFormName) => (reply?.form === form ? reply.result : null);

function Checkbox({ field, label, hint }: { field: FieldMetadata<unknown>; label: string; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input {...getInputProps(field, { type: 'checkbox', value: 'on' })} key={field.key} className="mt-1 h-4 w-4" />
      <span>
        <span className="font-medium text-slate-800">{label}</span>
        {hint ? <span className="block text-slate-600">{hint}</span> : null}
      </span>
    </label>
  );
}

/** settings/{id}/set: what the system does with calls and texts (phone systems) or leads (lead catcher). */
export function SystemSettingsForm({
  system,
  canEdit,
  reply,
  self,
}: {
  system: ApiSystem;
  canEdit: boolean;
  reply: SystemReply | null;
  self: string;
}) {
  const settingsKey = JSON.stringify(system.configurations.data.settings);
  return (
    <section aria-labelledby="settings-heading" className={card} id="settings">
      <h2 id="settings-heading" className="mb-4 text-lg font-semibold">
        Settings
      </h2>
      {/* Keyed by the stored settings: a save (here or by a setup step, or elsewhere) shows the new values. */}
      {system.name === 'leadcatcher' ? (
        <LeadcatcherSettingsForm
          key={settingsKey}
          settings={system.configurations.data.settings as LeadcatcherSettings}
          canEdit={canEdit}
          reply={reply}
          self={self}
        />
      ) : (
        <PhoneSettingsForm
          key={settingsKey}
          settings={system.configurations.data.settings as MobileSettings}
          canEdit={canEdit}
          reply={reply}
          self={self}
        />
      )}
    </section>
  );
}

/**
 * A system's settings form around its fields: posts intent=settings back to the settings card,
 * read-only (and without Save) for a member who may only view.
 */
function SettingsFrame({
  form,
  canEdit,
  self,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  canEdit: boolean;
  self: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={`${self}#settings`} {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="settings" />
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        {children}
        <ErrorList id={form.errorId} errors={form.errors} />
        {canEdit ? (
          <div>
            <SubmitButton name="intent" value="settings" pendingText="Saving…">
              Save settings
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

function PhoneSettingsForm({
  settings,
  canEdit,
  reply,
  self,
}: {
  settings: MobileSettings;
  canEdit: boolean;
  reply: SystemReply | null;
  self: string;
}) {
  const phone = usePhoneFormat();
  const phoneExample = usePhoneExample();
  const [form, fields] = useSchemaForm('system-settings', phoneSettingsFormSchema, replyFor(reply, 'settings'), {
    defaultValue: {
      missed_call_text_back: settings.missed_call_text_back ? 'on' : undefined,
      text_back_template: settings.text_back_template,
      voicemail_when_closed: settings.voicemail_when_closed ? 'on' : undefined,
      sms_auto_reply: settings.sms_auto_reply ? 'on' : undefined,
      record_calls: settings.record_calls ? 'on' : undefined,
      transfer_number: phone(settings.transfer_number) ?? '',
    },
  });
  return (
    <SettingsFrame form={form} canEdit={canEdit} self={self}>
      <Checkbox
        field={fields.missed_call_text_back}
        label="Text back missed calls"
        hint="A missed call or voicemail gets an SMS (at most once per caller per hour)."
      />
      <TextAreaField
        label="Text-back message"
        hint="May use {first_name}, {name} and {business_name}."
        errors={fields.text_back_template.errors}
        textareaProps={{ ...getTextareaProps(fields.text_back_template), rows: 3 }}
      />
      <Checkbox
        field={fields.voicemail_when_closed}
        label="Voicemail when closed"
        hint="Outside opening hours callers are asked to leave a message."
      />
      <Checkbox
        field={fields.sms_auto_reply}
        label="Reply to text messages"
        hint="The assistant answers incoming SMS."
      />
      <Checkbox field={fields.record_calls} label="Record calls" />
      <Field
        label="Transfer number"
        hint="Who a caller asking for a person is put through to. Empty: the assistant’s escalation number."
        errors={fields.transfer_number.errors}
        inputProps={{ ...getInputProps(fields.transfer_number, { type: 'tel' }), placeholder: phoneExample }}
      />
    </SettingsFrame>
  );
}

function LeadcatcherSettingsForm({
  settings,
  canEdit,
  reply,
  self,
}: {
  settings: LeadcatcherSettings;
  canEdit: boolean;
  reply: SystemReply | null;
  self: string;
}) {
  const [form, fields] = useSchemaForm('system-settings', leadcatcherSettingsFormSchema, replyFor(reply, 'settings'), {
    defaultValue: {
      form_name: settings.form_name,
      allowed_origins: (settings.allowed_origins ?? []).join('\n'),
      follow_up: settings.follow_up,
      follow_up_template: settings.follow_up_template,
      redirect_url: settings.redirect_url ?? '',
      success_message: settings.success_message,
    },
  });
  return (
    <SettingsFrame form={form} canEdit={canEdit} self={self}>
      <Field
        label="Form name"
        errors={fields.form_name.errors}
        inputProps={getInputProps(fields.form_name, { type: 'text' })}
      />
      <TextAreaField
        label="Allowed sites"
        hint="One per line, such as https://example.com. Empty: any site."
        errors={Object.values(fields.allowed_origins.allErrors).flat()}
        textareaProps={{ ...getTextareaProps(fields.allowed_origins), rows: 3 }}
      />
      <FollowUpFields followUp={fields.follow_up} template={fields.follow_up_template} />
      <Field
        label="After sending, go to"
        hint="A page on your site (plain form posts). Empty: our thank-you page."
        errors={fields.redirect_url.errors}
        inputProps={{
          ...getInputProps(fields.redirect_url, { type: 'url' }),
          placeholder: 'https://example.com/thanks',
        }}
      />
      <Field
        label="Success message"
        errors={fields.success_message.errors}
        inputProps={getInputProps(fields.success_message, { type: 'text' })}
      />
    </SettingsFrame>
  );
}

/** make-a-call: rings the member first (agent number), then connects the customer, from the system's number. */
export function CallForm({
  system,
  reply,
  self,
  agentNumber,
}: {
  system: ApiSystem;
  reply: SystemReply | null;
  self: string;
  agentNumber: string | null;
}) {
  const phone = usePhoneFormat();
  const phoneExample = usePhoneExample();
  const [form, fields] = useSchemaForm('system-call', makeCallSchema, replyFor(reply, 'call'), {
    defaultValue: { agent_number: agentNumber ?? '' },
  });
  return (
    <section aria-labelledby="call-heading" className={card} id="call">
      <h2 id="call-heading" className="text-lg font-semibold">
        Call a customer
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Your phone rings first; when you answer, we call the customer from {phone(system.phone_number)}.
      </p>
      <Form method="post" action={`${self}#call`} {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="call" />
        <input type="hidden" name="from" value={system.phone_number ?? ''} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Customer’s number"
            errors={fields.to.errors}
            inputProps={{ ...getInputProps(fields.to, { type: 'tel' }), placeholder: phoneExample }}
          />
          <Field
            label="Ring me at"
            errors={fields.agent_number.errors}
            inputProps={{ ...getInputProps(fields.agent_number, { type: 'tel' }), autoComplete: 'tel' }}
          />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <SubmitButton name="intent" value="call" pendingText="Calling…">
            Call
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** send-a-message: an SMS from the system's number, recorded on the timeline. */
export function MessageForm({ system, reply, self }: { system: ApiSystem; reply: SystemReply | null; self: string }) {
  const phone = usePhoneFormat();
  const phoneExample = usePhoneExample();
  const [form, fields] = useSchemaForm('system-message', sendMessageSchema, replyFor(reply, 'message'));
  return (
    <section aria-labelledby="message-heading" className={card} id="message">
      <h2 id="message-heading" className="text-lg font-semibold">
        Send a message
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        An SMS from {phone(system.phone_number)}; it appears on the customer’s timeline.
      </p>
      <Form method="post" action={`${self}#message`} {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="message" />
        <input type="hidden" name="from" value={system.phone_number ?? ''} />
        <Field
          label="To"
          errors={fields.to.errors}
          inputProps={{ ...getInputProps(fields.to, { type: 'tel' }), placeholder: phoneExample }}
        />
        <TextAreaField
          label="Message"
          errors={fields.message.errors}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 3 }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <SubmitButton name="intent" value="message" pendingText="Sending…">
            Send message
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

const SPEAKERS = { caller: 'Caller', assistant: 'Assistant', system: 'System' } as const;

/**
 * The sandbox simulator (settings/{id}/simulate): an incoming call, a missed call or an SMS
 * from a number, with what the caller says one turn per line, or spoken in a WAV recording
 * (settings/{id}/simulate-voice; the form is multipart so it posts the file without
 * JavaScript too). It drives the same handlers as the provider's webhooks; what was heard
 * and the answer's transcript show below.
 */
export function Simulator({ reply: pageReply, self }: { reply: SystemReply | null; self: string }) {
  // A fetcher: its answer (the transcript) survives the revalidations the call's realtime
  // events cause, which would clear the page's action data. Without JavaScript it is a plain post.
  const fetcher = useFetcher<SystemReply>();
  const reply = fetcher.data ?? pageReply;
  const phoneExample = usePhoneExample();
  const simulation: ApiSimulation | null = reply?.form === 'simulate' ? (reply.simulation ?? null) : null;
  const [form, fields] = useSchemaForm('system-simulate', simulateSchema, replyFor(reply, 'simulate'), {
    defaultValue: { kind: 'call' },
  });
  const item = (simulation?.call ?? simulation?.sms ?? null) as { _id?: string } | null;
  const audioErrors = replyFor(reply, 'simulate')?.error?.audio ?? undefined;
  return (
    <section aria-labelledby="simulator-heading" className={card} id="simulator">
      <h2 id="simulator-heading" className="text-lg font-semibold">
        Simulator
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        This is a sandbox system: try a call or a text as a customer would, through the same code as real ones.
      </p>
      <fetcher.Form
        method="post"
        action={`${self}#simulator`}
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="simulate" />
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-700">What happens</legend>
          {SIMULATION_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.kind.name}
                value={kind}
                defaultChecked={(fields.kind.initialValue ?? 'call') === kind}
                className="h-4 w-4"
              />
              {SIMULATION_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <ErrorList errors={fields.kind.errors} />
        <Field
          label="From"
          errors={fields.from.errors}
          inputProps={{ ...getInputProps(fields.from, { type: 'tel' }), placeholder: phoneExample }}
        />
        <TextAreaField
          label="The caller says"
          hint="One turn per line (for an SMS, the message). Leave empty for a call that says nothing."
          errors={fields.says.errors}
          textareaProps={{ ...getTextareaProps(fields.says), rows: 4 }}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="system-simulate-audio" className="text-sm font-medium text-slate-700">
            Or say it (a WAV recording)
          </label>
          <input
            id="system-simulate-audio"
            name="audio"
            type="file"
            accept="audio/wav"
            aria-invalid={audioErrors?.length ? true : undefined}
            aria-describedby={audioErrors?.length ? 'system-simulate-audio-error' : 'system-simulate-audio-hint'}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-white"
          />
          <p id="system-simulate-audio-hint" className="text-xs text-slate-500">
            For a call or an SMS: a WAV file (16-bit PCM) up to 10 MB. What it says is used instead of the words typed
            above.
          </p>
          <ErrorList id="system-simulate-audio-error" errors={audioErrors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <SubmitButton name="intent" value="simulate" pendingText="Simulating…" pending={fetcher.state !== 'idle'}>
            Simulate
          </SubmitButton>
        </div>
      </fetcher.Form>
      {simulation ? (
        <div className="mt-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="simulation-result">
          <h3 className="font-medium">What happened</h3>
          {simulation.heard ? (
            <p className="mt-1 text-sm" data-testid="simulation-heard">
              <span className="font-medium">Heard: </span>
              {simulation.heard}
            </p>
          ) : null}
          {simulation.transcript.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">Nothing was said.</p>
          ) : (
            <ol className="mt-2 flex flex-col gap-1.5" data-testid="simulation-transcript">
              {simulation.transcript.map((turn, index) => (
                <li key={index} className="text-sm">
                  <span className="font-medium">{SPEAKERS[turn.speaker] ?? turn.speaker}: </span>
                  <span className="whitespace-pre-wrap">{turn.text}</span>
                </li>
              ))}
            </ol>
          )}
          {item?._id ? (
            <Link
              to={`/dashboard/${simulation.sms ? 'sms' : 'calls'}/${item._id}`}
              className="mt-3 inline-block text-sm text-brand-600 underline"
            >
              Open the {simulation.sms ? 'SMS' : 'call'}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
