import { eq } from 'drizzle-orm';
import { type businesses, type customers, orders, timelineItems } from '#api/db/schema';
import { updateCustomer } from '../customers/service';
import { sendCustomerEmail, sendCustomerSms } from '../systems/customer-messages';
import { sendLeadFollowUp } from '../systems/lead-follow-up';
import { sendMissedCallTextBack } from '../systems/text-back';
import { type SystemRow } from '../systems/store';
import { createNote, serializeRow } from '../timeline/service';
import { orderSummary, renderActionText, type RenderContext } from './render';
import type { ActionRow, EngineDeps, RunResult, RunRow } from './store';

/**
 * What an action does for one run, once the checks passed: the two ready-made issue-8
 * behaviours (key missed_call_text_back / lead_follow_up) through their own senders, else
 * the action's kind: an SMS from the business number or an email (on the customer's
 * timeline as an outbound SMS or a note), a task, or a status change (noted on the timeline).
 */
export type RunContext = {
  action: ActionRow;
  run: RunRow;
  business: typeof businesses.$inferSelect;
  customer: typeof customers.$inferSelect | null;
  now: Date;
  findSystem: (id: string) => Promise<SystemRow | undefined>;
};

/** The text an action sends when its template is empty. */
export const DEFAULT_TEMPLATES: Record<string, string> = {
  send_sms: 'Hi {first_name}, {business_name} here. Just following up: is there anything we can help with?',
  send_email: 'Hi {first_name},\n\nJust following up from {business_name}: is there anything we can help with?',
  create_task: 'Follow up with {name}',
  set_customer_status: '',
};

const runRef = (context: RunContext) => ({ actionId: context.action.id, runId: context.run.id });
const runDetails = (context: RunContext) => ({ action_id: context.action.id, run_id: context.run.id });

async function subjectItem(deps: EngineDeps, run: RunRow) {
  if (run.subjectType !== 'call' && run.subjectType !== 'form' && run.subjectType !== 'task') return null;
  const [row] = await deps.db.select().from(timelineItems).where(eq(timelineItems.id, run.subjectId)).limit(1);
  return row ?? null;
}

async function renderContext(deps: EngineDeps, context: RunContext): Promise<RenderContext> {
  const { customer, run } = context;
  const [order] =
    run.subjectType === 'order' ? await deps.db.select().from(orders).where(eq(orders.id, run.subjectId)).limit(1) : [];
  const task = run.subjectType === 'task' ? await subjectItem(deps, run) : null;
  return {
    customer: customer
      ? {
          first_name: customer.firstName,
          last_name: customer.lastName,
          status: customer.status,
          phone: customer.phones[0] ?? null,
          email: customer.emails[0] ?? null,
        }
      : null,
    business: { name: context.business.name },
    order: order ? { lines: order.lines, status: order.status } : null,
    task: task ? { body: task.body } : null,
  };
}

/**
 * What a task is about, under its title, for whoever picks it up: the order (lines, status,
 * notes), the lead's form and message, or the call; then how to reach the contact (the
 * trigger's own phone and email first, as on a form they may differ from the contact's).
 */
async function taskDetails(deps: EngineDeps, context: RunContext): Promise<string[]> {
  const { customer, run } = context;
  const lines: string[] = [];
  let phone = customer?.phones[0] ?? null;
  let email = customer?.emails[0] ?? null;
  if (run.subjectType === 'order') {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, run.subjectId)).limit(1);
    if (order) {
      lines.push(`Order (${order.status}): ${orderSummary(order)}`);
      if (order.notes?.trim()) lines.push(`Order notes: ${order.notes.trim()}`);
    }
  }
  const item = await subjectItem(deps, run);
  if (item?.type === 'form') {
    const details = item.details as { fields?: Record<string, string>; form_name?: string };
    const fields = details.fields ?? {};
    const form = details.form_name ? `Web form "${details.form_name}"` : 'Web form';
    lines.push(
      fields.message?.trim() ? `${form}: ${fields.message.trim()}` : `${form}: no message, only their contact details.`,
    );
    phone = fields.phone?.trim() || phone;
    email = fields.email?.trim() || email;
  } else if (item?.type === 'call') {
    lines.push(`Call${item.from ? ` from ${item.from}` : ''}: ${item.body?.trim() || 'no summary'}`);
    phone = item.from && /^\+\d{6,15}$/.test(item.from) ? item.from : phone;
  }
  if (phone) lines.push(`Phone: ${phone}`);
  if (email) lines.push(`Email: ${email}`);
  return lines;
}

async function textBack(deps: EngineDeps, context: RunContext): Promise<RunResult> {
  const call = await subjectItem(deps, context.run);
  const system = call?.systemId ? await context.findSystem(call.systemId) : undefined;
  if (!call || !system) return { status: 'skipped', outcome: 'The missed call or its number is gone.' };
  const result = await sendMissedCallTextBack(deps, system, {
    to: call.from ?? '',
    customerId: context.run.customerId,
    callId: call.id,
    template: context.action.template,
    run: runRef(context),
  });
  if (result.sent)
    return {
      status: 'done',
      outcome: `Texted ${result.sms.to}: ${result.sms.body ?? ''}`,
      itemId: result.sms._id,
      details: { channel: 'sms', to: result.sms.to, text: result.sms.body },
    };
  return {
    status: result.outcome === 'failed' ? 'failed' : 'skipped',
    outcome: result.reason,
    details: { reason: result.outcome },
  };
}

async function leadFollowUp(deps: EngineDeps, context: RunContext): Promise<RunResult> {
  const form = await subjectItem(deps, context.run);
  const system = form?.systemId ? await context.findSystem(form.systemId) : undefined;
  if (!form || system?.name !== 'leadcatcher' || !context.customer)
    return { status: 'skipped', outcome: 'The form, its lead catcher or the contact is gone.' };
  const item = await serializeRow(deps.db, form);
  const customer = { _id: context.customer.id, phones: context.customer.phones, emails: context.customer.emails };
  const outcome = await sendLeadFollowUp(deps, {
    system: system as SystemRow & { name: 'leadcatcher' },
    form: item,
    customer,
    template: context.action.template,
    run: runRef(context),
  });
  if (!outcome) return { status: 'skipped', outcome: 'Follow-up is switched off for this form.' };
  const details = { channel: outcome.channel, to: outcome.to, follow_up: outcome };
  if (!outcome.sent) return { status: 'failed', outcome: outcome.error ?? 'The follow-up could not be sent.', details };
  return {
    status: 'done',
    outcome: `${outcome.channel === 'sms' ? 'Texted' : 'Emailed'} ${outcome.to} the lead follow-up.`,
    itemId: outcome.item_id,
    details,
  };
}

/** Where a message goes: the trigger's own number or email (the call's caller, the form's fields), else the contact's first. */
async function recipient(deps: EngineDeps, context: RunContext, channel: 'sms' | 'email'): Promise<string | null> {
  const item = await subjectItem(deps, context.run);
  if (item?.type === 'call' && channel === 'sms' && item.from && /^\+\d{6,15}$/.test(item.from)) return item.from;
  if (item?.type === 'form') {
    const fields = (item.details as { fields?: Record<string, string> }).fields ?? {};
    if (channel === 'sms' && fields.phone) return fields.phone;
    if (channel === 'email' && fields.email) return fields.email;
  }
  return (channel === 'sms' ? context.customer?.phones[0] : context.customer?.emails[0]) ?? null;
}

async function failedNote(deps: EngineDeps, context: RunContext, outcome: string): Promise<string | null> {
  if (!context.customer) return null;
  const note = await createNote(deps, context.run.businessId, {
    body: `Action "${context.action.name}" did not run: ${outcome}`,
    customer_id: context.customer.id,
    internal: true,
  }).catch(() => null);
  return note?._id ?? null;
}

async function sendMessage(deps: EngineDeps, context: RunContext, channel: 'sms' | 'email'): Promise<RunResult> {
  const { action, run } = context;
  const text = renderActionText(action.template || DEFAULT_TEMPLATES[action.kind], await renderContext(deps, context));
  const to = await recipient(deps, context, channel);
  if (!to)
    return {
      status: 'skipped',
      outcome: channel === 'sms' ? 'The contact has no phone number.' : 'The contact has no email address.',
      details: { channel, text },
    };
  const sent =
    channel === 'sms'
      ? await sendCustomerSms(deps, {
          businessId: run.businessId,
          to,
          body: text,
          customerId: run.customerId,
          purpose: 'action',
          details: runDetails(context),
        })
      : await sendCustomerEmail(deps, {
          businessId: run.businessId,
          to,
          subject: `A message from ${context.business.name}`,
          text,
          customerId: run.customerId,
          noteLabel: action.name,
        });
  if (!sent.ok) {
    const outcome = `Not sent to ${to}: ${sent.reason}`;
    return {
      status: 'failed',
      outcome,
      itemId: await failedNote(deps, context, outcome),
      details: { channel, to, text },
    };
  }
  return {
    status: 'done',
    outcome: `${channel === 'sms' ? 'Texted' : 'Emailed'} ${to}: ${text}`,
    itemId: sent.item?._id ?? null,
    details: { channel, to, text },
  };
}

async function createTask(deps: EngineDeps, context: RunContext): Promise<RunResult> {
  const { action, run } = context;
  const subject = run.subjectType === 'task' ? await subjectItem(deps, run) : null;
  const title = renderActionText(
    action.template || DEFAULT_TEMPLATES.create_task,
    await renderContext(deps, context),
    'team',
  );
  const details = await taskDetails(deps, context);
  const body = (details.length ? `${title}\n\n${details.join('\n')}` : title).slice(0, 5000);
  const assignee = action.assigneeId ?? subject?.assignedTo ?? null;
  const task = await createNote(deps, run.businessId, {
    body,
    customer_id: run.customerId,
    reminder: context.now.toISOString(),
    assigned_to: assignee,
  });
  return {
    status: 'done',
    outcome: `Created the task "${title}"${assignee ? ' for its assignee' : ' for the team'}.`,
    itemId: task._id,
    details: { task_id: task._id, assigned_to: assignee, text: body },
  };
}

async function setStatus(deps: EngineDeps, context: RunContext): Promise<RunResult> {
  const { action, customer, run } = context;
  if (!customer) return { status: 'skipped', outcome: 'There is no contact to move.' };
  if (!action.targetStatus) return { status: 'skipped', outcome: 'The action names no status to move the contact to.' };
  if (customer.status === action.targetStatus)
    return { status: 'skipped', outcome: `The contact is already ${action.targetStatus}.` };
  await updateCustomer(deps, run.businessId, customer.id, { status: action.targetStatus as never });
  const note = await createNote(deps, run.businessId, {
    body: `Action "${action.name}" moved the contact from ${customer.status} to ${action.targetStatus}.`,
    customer_id: customer.id,
    internal: true,
  });
  // Moving the contact out of the watched status ends its spell (a return starts a new one).
  return {
    status: 'done',
    outcome: `Moved the contact from ${customer.status} to ${action.targetStatus}.`,
    itemId: note._id,
    details: {
      from: customer.status,
      to: action.targetStatus,
      ...(action.targetStatus !== action.triggerStatus ? { spell_closed: true } : {}),
    },
  };
}

export async function performAction(deps: EngineDeps, context: RunContext): Promise<RunResult> {
  if (
    context.action.key === 'missed_call_text_back' &&
    context.action.kind === 'send_sms' &&
    context.run.subjectType === 'call'
  )
    return textBack(deps, context);
  if (
    context.action.key === 'lead_follow_up' &&
    (context.action.kind === 'send_sms' || context.action.kind === 'send_email') &&
    context.run.subjectType === 'form'
  )
    return leadFollowUp(deps, context);
  switch (context.action.kind) {
    case 'send_sms':
      return sendMessage(deps, context, 'sms');
    case 'send_email':
      return sendMessage(deps, context, 'email');
    case 'create_task':
      return createTask(deps, context);
    case 'set_customer_status':
      return setStatus(deps, context);
    default:
      return { status: 'failed', outcome: `Unknown action kind ${context.action.kind}.` };
  }
}
