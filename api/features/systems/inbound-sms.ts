import { and, desc, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import { timelineItems } from '#api/db/schema';
import { createConversation, findConversation } from '#api/services/assistant/conversations';
import { postMessage } from '#api/services/assistant/turns';
import { notifyMembers } from '../notifications/notify-members';
import { createSms, updateSms, type TimelineRow } from '../timeline/service';
import { isUniqueViolation } from '#api/lib/db-errors';
import { callerLabel, findOrCreateCaller, isPhone, param, type InboundDeps, type TwilioParams } from './call-context';
import { recordSystemEvent, webhookUrls, type SystemRow } from './store';
import { phoneSettings } from './text-back';
import { emptyTwiml } from './twiml';
import { recordSmsKeyword, sendBusinessSms, smsKeyword, smsOptOutsOf, type SmsKeyword } from './sms-opt-outs';
import { smsOptOutMessages } from '#contract/messages';
import { formatPhoneNumber, INTERNATIONAL } from '#contract/phone';
import { assistantPausedUntil } from '../inbox/state';

/**
 * Inbound SMS, provider independent (Twilio's webhook and the sandbox simulator): one SMS
 * item per MessageSid (a retry finds it), the sender's contact matched or created, the team
 * notified, and, when the system's sms_auto_reply is on, the assistant answers in an 'sms'
 * conversation (one per sender and system, continued for 24 hours; its id is kept on each
 * inbound SMS item's details.conversation_id). The reply goes out through the provider and
 * is recorded as an outbound SMS. The TwiML answer is always empty.
 */
export const SMS_CONVERSATION_WINDOW_MS = 24 * 60 * 60 * 1000;
export const SMS_REPLY_MAX = 1600;

async function findSmsBySid(
  deps: InboundDeps,
  businessId: string,
  messageSid: string,
): Promise<TimelineRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, businessId),
        eq(timelineItems.externalId, messageSid),
        eq(timelineItems.type, 'sms'),
      ),
    )
    .limit(1);
  return row;
}

/** The sender's SMS conversation with this system from the last 24 hours, or a new one. */
async function smsConversation(deps: InboundDeps, system: SystemRow, sms: ApiTimelineItem): Promise<string> {
  const since = new Date(deps.clock.now().getTime() - SMS_CONVERSATION_WINDOW_MS);
  const [previous] = await deps.db
    .select({ conversationId: sql<string>`${timelineItems.details}->>'conversation_id'` })
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, system.businessId),
        eq(timelineItems.systemId, system.id),
        eq(timelineItems.type, 'sms'),
        eq(timelineItems.direction, 'inbound'),
        eq(timelineItems.from, sms.from ?? ''),
        ne(timelineItems.id, sms._id),
        gte(timelineItems.createdAt, since),
        isNotNull(sql`${timelineItems.details}->>'conversation_id'`),
      ),
    )
    .orderBy(desc(timelineItems.createdAt))
    .limit(1);
  if (previous?.conversationId && (await findConversation(deps.db, system.businessId, previous.conversationId)))
    return previous.conversationId;
  const conversation = await createConversation(deps, system.businessId, {
    channel: 'sms',
    customerId: sms.customer_id,
    title: `SMS from ${callerLabel(sms.customer, sms.from)}`,
  });
  return conversation.id;
}

/**
 * The assistant's answer to a customer's message in a conversation (SMS and website chat
 * alike): one turn, waited for. `reply` is empty when the assistant had nothing to say.
 */
export async function assistantAnswer(
  deps: Parameters<typeof postMessage>[0],
  businessId: string,
  conversationId: string,
  text: string,
): Promise<{ reply: string; messageId: string; error: string | null }> {
  const result = await postMessage(deps, { businessId, conversationId, message: text, wait: true });
  const reply = result.reply.status === 'complete' ? result.reply.content.trim() : '';
  return {
    reply,
    messageId: result.reply.id,
    error: reply ? null : (result.reply.error ?? 'The assistant had no answer'),
  };
}

/** The assistant answers the SMS by SMS; answers the outbound item, or null when nothing was sent. */
async function autoReply(
  deps: InboundDeps,
  system: SystemRow,
  sms: ApiTimelineItem,
  text: string,
): Promise<ApiTimelineItem | null> {
  const conversationId = await smsConversation(deps, system, sms);
  await updateSms(deps, system.businessId, sms._id, { details: { conversation_id: conversationId } });
  const answer = await assistantAnswer(deps, system.businessId, conversationId, text);
  const reply = answer.reply;
  if (!reply) {
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'sms.auto_reply',
      outcome: 'failed',
      error: answer.error,
      details: { sms_id: sms._id, conversation_id: conversationId },
    });
    return null;
  }
  const body = reply.length > SMS_REPLY_MAX ? `${reply.slice(0, SMS_REPLY_MAX - 1)}…` : reply;
  const sent = await sendBusinessSms(deps, system.businessId, {
    to: sms.from!,
    from: system.phoneNumber ?? undefined,
    body,
    statusCallback: webhookUrls(deps, system.id).status,
  });
  const outbound = await createSms(deps, {
    businessId: system.businessId,
    direction: 'outbound',
    from: system.phoneNumber,
    to: sms.from,
    body,
    customerId: sms.customer_id,
    status: sent.status,
    details: {
      purpose: 'auto_reply',
      reply_to: sms._id,
      conversation_id: conversationId,
      message_id: answer.messageId,
      provider_id: sent.id,
    },
    externalId: sent.id,
    systemId: system.id,
  });
  await recordSystemEvent(deps, system, {
    kind: 'action',
    name: 'sms.auto_reply',
    outcome: 'ok',
    details: { sms_id: sms._id, reply_id: outbound._id, conversation_id: conversationId },
  });
  return outbound;
}

/** Why the assistant does not answer this SMS whatever the settings say, or null. */
function noReplyReason(keyword: SmsKeyword, optedOut: boolean, from: string): string | null {
  const phone = formatPhoneNumber(from, INTERNATIONAL);
  if (keyword === 'opt_out') return smsOptOutMessages.stopReceived(phone);
  if (keyword === 'opt_in') return smsOptOutMessages.startReceived(phone);
  if (keyword === 'carrier') return smsOptOutMessages.carrierKeyword;
  if (optedOut) return smsOptOutMessages.optedOut(phone);
  return null;
}

/** An SMS arrives (MessageSid, From, To, Body). Always answers an empty <Response/>. */
export async function handleSms(deps: InboundDeps, system: SystemRow, params: TwilioParams): Promise<string> {
  const name = 'sms.incoming';
  const messageSid = param(params, 'MessageSid') || param(params, 'SmsSid');
  const from = param(params, 'From');
  try {
    if (!messageSid) throw new Error('MessageSid is missing');
    if (!from) throw new Error('From is missing');
    const existing = await findSmsBySid(deps, system.businessId, messageSid);
    if (existing) {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'duplicate',
        details: { message_sid: messageSid, sms_id: existing.id },
      });
      return emptyTwiml();
    }
    const text = (typeof params.Body === 'string' ? params.Body : '').slice(0, 5000);
    const { customer, phonesFound } = await findOrCreateCaller(deps, system.businessId, from);
    let sms: ApiTimelineItem;
    try {
      sms = await createSms(deps, {
        businessId: system.businessId,
        direction: 'inbound',
        status: 'received',
        from,
        to: param(params, 'To') || system.phoneNumber,
        body: text,
        customerId: customer?._id ?? null,
        phonesFound,
        details: {
          message_sid: messageSid,
          ...(Number(param(params, 'NumMedia')) > 0 ? { media_count: Number(param(params, 'NumMedia')) } : {}),
        },
        externalId: messageSid,
        systemId: system.id,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await findSmsBySid(deps, system.businessId, messageSid);
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name,
        outcome: 'duplicate',
        details: { message_sid: messageSid, sms_id: winner?.id ?? null },
      });
      return emptyTwiml();
    }
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name,
      outcome: 'ok',
      details: { message_sid: messageSid, sms_id: sms._id, from },
    });

    await notifyMembers(deps, {
      businessId: system.businessId,
      event: 'new_sms',
      permission: 'smses/view',
      title: `SMS from ${callerLabel(customer, from)}`,
      body: text.length > 200 ? `${text.slice(0, 199)}…` : text || null,
      customerId: sms.customer_id,
      internalLink: `/dashboard/sms/${sms._id}`,
      sourceId: sms._id,
    });

    // Carrier keywords are the carrier's and Twilio's to answer, never the assistant's; STOP
    // and START also change what this business may send the number.
    const keyword = isPhone(from) ? await recordSmsKeyword(deps, system.businessId, from, text) : smsKeyword(text);
    if (keyword === 'opt_out' || keyword === 'opt_in') {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name: keyword === 'opt_out' ? 'sms.opt_out' : 'sms.opt_in',
        outcome: 'ok',
        details: { sms_id: sms._id, from },
      });
    }
    const optedOut =
      keyword !== 'opt_out' && isPhone(from) && (await smsOptOutsOf(deps.db, system.businessId, [from])).size > 0;
    const noReply = noReplyReason(keyword, optedOut, from);
    if (noReply) await updateSms(deps, system.businessId, sms._id, { details: { keyword, no_reply: noReply } });

    const settings = phoneSettings(system);
    const answerable = text.trim() && !noReply && isPhone(from) && from !== system.phoneNumber && system.phoneNumber;
    // A member replying from the inbox pauses the assistant on that contact's thread (docs/inbox.md).
    const pausedUntil =
      settings.sms_auto_reply && answerable && sms.customer_id
        ? await assistantPausedUntil(deps.db, system.businessId, sms.customer_id, deps.clock.now())
        : null;
    if (pausedUntil) {
      await updateSms(deps, system.businessId, sms._id, {
        details: {
          no_reply: 'A team member is answering this conversation, so the assistant is paused.',
          assistant_paused_until: pausedUntil.toISOString(),
        },
      });
    } else if (settings.sms_auto_reply && answerable) {
      try {
        await autoReply(deps, system, sms, text.trim());
      } catch (error) {
        deps.log?.({ level: 'warn', msg: 'sms auto-reply failed', system_id: system.id, error: String(error) });
        await recordSystemEvent(deps, system, {
          kind: 'action',
          name: 'sms.auto_reply',
          outcome: 'failed',
          error: error instanceof Error ? error.message : String(error),
          details: { sms_id: sms._id },
        });
      }
    }
    return emptyTwiml();
  } catch (error) {
    deps.log?.({
      level: 'warn',
      msg: `webhook ${name} failed`,
      system_id: system.id,
      error: error instanceof Error ? error.stack : String(error),
    });
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name,
      outcome: 'failed',
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      details: { message_sid: messageSid || null },
    });
    return emptyTwiml();
  }
}
