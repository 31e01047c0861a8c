import { and, eq } from 'drizzle-orm';
import type { ApiDeps } from '#api/deps';
import { timelineItems } from '#api/db/schema';
import { updateSms } from '../timeline/service';
import { recordSystemEvent, type SystemRow } from './store';

/**
 * Twilio's status callback for an SMS we sent (MessageSid, MessageStatus, ErrorCode): the
 * outbound sms item (externalId = MessageSid) follows it. Callbacks may arrive out of order
 * or twice, so a status only ever moves forward (queued → sent → delivered/failed).
 */
const RANK: Record<string, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  read: 5,
  undelivered: 4,
  failed: 4,
  canceled: 4,
};

export async function handleSmsStatus(deps: ApiDeps, system: SystemRow, params: Record<string, string>): Promise<void> {
  const sid = params.MessageSid || params.SmsSid || '';
  const status = (params.MessageStatus || params.SmsStatus || '').toLowerCase();
  const details = { message_sid: sid, status, ...(params.ErrorCode ? { error_code: params.ErrorCode } : {}) };
  try {
    const [item] = await deps.db
      .select({ id: timelineItems.id, status: timelineItems.status })
      .from(timelineItems)
      .where(
        and(
          eq(timelineItems.businessId, system.businessId),
          eq(timelineItems.externalId, sid),
          eq(timelineItems.type, 'sms'),
        ),
      )
      .limit(1);
    if (!sid || !status || !item) {
      await recordSystemEvent(deps, system, {
        kind: 'webhook',
        name: 'sms.status',
        outcome: 'failed',
        error: sid ? 'No message with that MessageSid.' : 'MessageSid is missing.',
        details,
      });
      return;
    }
    const known = RANK[status] !== undefined;
    const moves =
      known && (item.status === null || RANK[item.status] === undefined || RANK[status] > RANK[item.status]);
    if (moves) {
      await updateSms(deps, system.businessId, item.id, {
        status,
        details: params.ErrorCode ? { error_code: params.ErrorCode } : undefined,
      });
    }
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name: 'sms.status',
      outcome: moves ? 'ok' : 'duplicate',
      details,
    });
  } catch (error) {
    deps.log?.({ level: 'error', msg: 'sms status not recorded', system_id: system.id, error: String(error) });
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name: 'sms.status',
      outcome: 'failed',
      error: 'The status could not be recorded.',
      details,
    });
  }
}
