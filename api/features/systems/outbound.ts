import { and, eq, isNull } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import { systemMessages } from '#contract/schemas/system';
import type { ApiDeps } from '#api/deps';
import { systems } from '#api/db/schema';
import { ApiError, invalid } from '#api/lib/errors';
import { TelephonyError } from '#api/services/telephony/provider';
import { createCall, createSms } from '../timeline/service';
import { recordSystemEvent, webhookUrls, type SystemRow } from './store';
import { sendBusinessSms, SmsOptedOutError } from './sms-opt-outs';

/**
 * Outbound calls and SMS from a business number (settings/{id}/make-a-call and
 * send-a-message). Both go through the provider and land on the timeline as outbound items
 * whose external_id is the provider's id, so its status callbacks find them again.
 */

/** The number a call or SMS goes out from: the system's own, or another live number of this business. */
async function senderNumber(
  deps: Pick<ApiDeps, 'db'>,
  system: SystemRow,
  from: string | null | undefined,
): Promise<string> {
  if (system.name === 'leadcatcher') throw new ApiError(422, [systemMessages.notAPhoneSystem]);
  if (!system.phoneNumber) throw new ApiError(422, [systemMessages.needsNumber]);
  if (!from || from === system.phoneNumber) return system.phoneNumber;
  const [other] = await deps.db
    .select({ id: systems.id })
    .from(systems)
    .where(and(eq(systems.businessId, system.businessId), eq(systems.phoneNumber, from), isNull(systems.deletedAt)))
    .limit(1);
  if (!other) throw invalid({ from: [systemMessages.fromNotOurs] });
  return from;
}

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Click-to-call: the provider rings the agent first (from the business number); once they
 * answer, the connect webhook dials `to` with the business number as caller id.
 */
export async function makeCall(
  deps: ApiDeps,
  system: SystemRow,
  userId: string,
  input: { to: string; from?: string | null; agent_number: string },
): Promise<ApiTimelineItem> {
  const from = await senderNumber(deps, system, input.from);
  const urls = webhookUrls(deps, system.id);
  let placed;
  try {
    placed = await deps.telephony.placeCall({
      to: input.to,
      from,
      agentNumber: input.agent_number,
      connectUrl: `${urls.connect}?to=${encodeURIComponent(input.to)}`,
      statusCallback: urls.status,
    });
  } catch (error) {
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'call.placed',
      outcome: 'failed',
      error: failure(error),
      details: { to: input.to, from, agent_number: input.agent_number, by: userId },
    });
    if (error instanceof TelephonyError) throw new ApiError(502, [error.message]);
    throw error;
  }
  const call = await createCall(deps, {
    businessId: system.businessId,
    direction: 'outbound',
    status: placed.status,
    from,
    to: input.to,
    details: { agent_number: input.agent_number, placed_by: userId },
    externalId: placed.id,
    systemId: system.id,
  });
  await recordSystemEvent(deps, system, {
    kind: 'action',
    name: 'call.placed',
    outcome: 'ok',
    details: {
      to: input.to,
      from,
      agent_number: input.agent_number,
      call_id: placed.id,
      item_id: call._id,
      by: userId,
    },
  });
  return call;
}

export async function sendMessage(
  deps: ApiDeps,
  system: SystemRow,
  userId: string,
  input: { to: string; from?: string | null; message: string },
): Promise<ApiTimelineItem> {
  const from = await senderNumber(deps, system, input.from);
  let sent;
  try {
    sent = await sendBusinessSms(deps, system.businessId, {
      to: input.to,
      from,
      body: input.message,
      statusCallback: webhookUrls(deps, system.id).status,
    });
  } catch (error) {
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'sms.sent',
      outcome: 'failed',
      error: failure(error),
      details: { to: input.to, from, by: userId },
    });
    // The owner's own message too: the number texted STOP, which is theirs to undo, not a provider failure.
    if (error instanceof SmsOptedOutError) throw new ApiError(422, [error.message]);
    if (error instanceof TelephonyError) throw new ApiError(502, [error.message]);
    throw error;
  }
  const sms = await createSms(deps, {
    businessId: system.businessId,
    direction: 'outbound',
    status: sent.status,
    from,
    to: input.to,
    body: input.message,
    details: { sent_by: userId },
    externalId: sent.id,
    systemId: system.id,
  });
  await recordSystemEvent(deps, system, {
    kind: 'action',
    name: 'sms.sent',
    outcome: 'ok',
    details: { to: input.to, from, message_id: sent.id, item_id: sms._id, by: userId },
  });
  return sms;
}
