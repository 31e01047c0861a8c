import type { ApiTimelineItem } from '#contract/envelope';
import type { ApiDeps } from '#api/deps';
import { createConversation } from '#api/services/assistant/conversations';
import { postMessage } from '#api/services/assistant/turns';
import { renderTemplate } from '../notifications/notify-members';
import { updateForm } from '../timeline/service';
import { businessName, sendCustomerEmail, sendCustomerSms, type SentMessage } from './customer-messages';
import { recordSystemEvent, systemSettings, type SystemRow } from './store';

/**
 * A web lead's follow-up (sent by the ready-made "Follow up new web
 * leads" action): the form's template, then the assistant's own answer to what the lead
 * wrote, by SMS from the business number or by email, as the form's follow_up says. The
 * outcome is kept on the form (details.follow_up) and as a follow_up.* system event.
 */
export type FollowUpOutcome = {
  channel: 'sms' | 'email';
  sent: boolean;
  to: string | null;
  error: string | null;
  item_id: string | null;
  conversation_id?: string | null;
};

type Lead = { name: string; firstName: string; email: string | null; phone: string | null; message: string | null };

/** The lead as the form item keeps it (details.fields). */
export function leadOfForm(form: Pick<ApiTimelineItem, 'details'>): Lead {
  const fields = ((form.details as { fields?: Record<string, string> }).fields ?? {}) as Record<
    string,
    string | undefined
  >;
  const name = (fields.name ?? '').trim();
  return {
    name,
    firstName: name.split(' ')[0] ?? '',
    email: fields.email || null,
    phone: fields.phone || null,
    message: fields.message || null,
  };
}

function oneLine(value: string, max: number): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * The assistant's answer to what the lead wrote, in a 'form' conversation with the contact.
 * A question it cannot answer becomes a question memory linked to the contact, so the
 * owner's answer can later go back by email (docs/systems.md, the unanswered-question loop).
 * Null when there is nothing to answer or the assistant failed (the template still goes out).
 */
async function assistantAnswer(
  deps: ApiDeps,
  system: SystemRow,
  customerId: string,
  message: string | null,
): Promise<{ text: string | null; conversationId: string | null }> {
  if (!message) return { text: null, conversationId: null };
  try {
    const conversation = await createConversation(deps, system.businessId, {
      channel: 'form',
      customerId,
      title: oneLine(message, 60),
    });
    const turn = await postMessage(deps, {
      businessId: system.businessId,
      conversationId: conversation.id,
      message: message.slice(0, 2000),
      wait: true,
    });
    const text = turn.reply.status === 'complete' ? turn.reply.content.trim() : '';
    return { text: text || null, conversationId: conversation.id };
  } catch (error) {
    deps.log?.({ level: 'warn', msg: 'assistant could not answer a lead', system_id: system.id, error: String(error) });
    return { text: null, conversationId: null };
  }
}

/** Follow the lead up when its form says so; null when the form's follow_up is none. */
export async function sendLeadFollowUp(
  deps: ApiDeps,
  input: {
    system: SystemRow & { name: 'leadcatcher' };
    form: ApiTimelineItem;
    customer: { _id: string; phones: string[]; emails: string[] };
    /** The action's own template; null = the form's follow_up_template. */
    template?: string | null;
    run?: { actionId: string; runId: string };
  },
): Promise<FollowUpOutcome | null> {
  const { system, form, customer } = input;
  const settings = systemSettings(system);
  if (settings.follow_up !== 'sms' && settings.follow_up !== 'email') return null;
  const lead = leadOfForm(form);
  const channel = settings.follow_up;
  const runDetails = input.run ? { action_id: input.run.actionId, run_id: input.run.runId } : {};
  let outcome: FollowUpOutcome;
  let conversationId: string | null = null;
  try {
    const business = await businessName(deps.db, system.businessId);
    const answer = await assistantAnswer(deps, system, customer._id, lead.message);
    conversationId = answer.conversationId;
    const greeting = renderTemplate(input.template || settings.follow_up_template, {
      first_name: lead.firstName,
      name: lead.name,
      business_name: business,
    });
    const body = answer.text ? `${greeting}\n\n${answer.text}` : greeting;
    const to =
      channel === 'sms' ? (lead.phone ?? customer.phones[0] ?? null) : (lead.email ?? customer.emails[0] ?? null);
    let sent: SentMessage;
    if (!to)
      sent = {
        ok: false,
        channel,
        to: null,
        reason: channel === 'sms' ? 'The lead left no phone number.' : 'The lead left no email address.',
      };
    else if (channel === 'sms')
      sent = await sendCustomerSms(deps, {
        businessId: system.businessId,
        to,
        body,
        customerId: customer._id,
        purpose: 'lead_follow_up',
        details: { form_id: form._id, ...runDetails },
      });
    else
      sent = await sendCustomerEmail(deps, {
        businessId: system.businessId,
        to,
        subject: `Thanks for contacting ${business ?? 'us'}`,
        text: body,
        customerId: customer._id,
        noteLabel: 'lead follow-up',
      });
    outcome = sent.ok
      ? { channel, sent: true, to, error: null, item_id: sent.item?._id ?? null }
      : { channel, sent: false, to, error: sent.reason.charAt(0).toUpperCase() + sent.reason.slice(1), item_id: null };
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'lead follow-up failed',
      system_id: system.id,
      error: error instanceof Error ? error.stack : String(error),
    });
    outcome = { channel, sent: false, to: null, error: 'The follow-up could not be sent.', item_id: null };
  }
  outcome.conversation_id = conversationId;
  await recordSystemEvent(deps, system, {
    kind: 'action',
    name: `follow_up.${channel}`,
    outcome: outcome.sent ? 'ok' : 'failed',
    error: outcome.error,
    details: { form_id: form._id, to: outcome.to, item_id: outcome.item_id, ...runDetails },
  });
  try {
    await updateForm(deps, system.businessId, form._id, { details: { follow_up: { ...outcome, ...runDetails } } });
  } catch (error) {
    deps.log?.({
      level: 'warn',
      msg: 'lead follow-up not noted on the form',
      system_id: system.id,
      error: String(error),
    });
  }
  return outcome;
}
