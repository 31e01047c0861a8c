import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react';
import type { ReactNode } from 'react';
import { Form } from '@remix-run/react';
import { type LeadcatcherSettings, type MobileSettings } from '#contract/system-terms';
import type { ApiSystem } from '#contract/v1/systems';
import {
  leadcatcherSettingsFormSchema,
  makeCallSchema,
  phoneSettingsFormSchema,
  sendMessageSchema,
  type SystemReply,
} from '#app/lib/systems';
import { useSchemaForm } from '#app/lib/use-schema-form';
import { ErrorList, Field, SubmitButton, TextAreaField } from '#app/components/forms';
import { usePhoneExample, usePhoneFormat } from '#app/lib/phone-labels';
import { cardClass } from '#app/components/ui/card';
import { FollowUpFields } from '#app/routes/dashboard+/systems+/__follow-up-fields';
import { replyFor } from '#app/routes/dashboard+/systems+/__system-reply';

export { Simulator } from '#app/routes/dashboard+/systems+/__simulator';

const card = cardClass();

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
