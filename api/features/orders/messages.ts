import type { ApiOrder } from '#contract/v1/orders';
import { addressableName, displayName, findCustomer } from '../customers/records';
import {
  businessName,
  businessNumberSystem,
  sendCustomerEmail,
  sendCustomerSms,
  type CustomerMessageDeps,
  type SentMessage,
} from '../systems/customer-messages';

/**
 * Telling a customer their order was confirmed or cancelled: by SMS from the
 * business's number when the customer has a phone and the business a number, else by email
 * when the customer has one. The send is on the customer's timeline (an outbound SMS with
 * details.purpose 'order_status' and order_id, or an "Emailed …" note). Answers the sentence
 * the owner sees after "Order updated.": how the customer was told, or why they were not.
 */
const SMS_LIMIT = 1600;

/** "2 × Sourdough loaf, 1 × Croissant" (empty when the order has no lines). */
export function linesSummary(lines: ApiOrder['lines']): string {
  return lines.map((line) => `${line.quantity} × ${line.name}${line.price ? ` (${line.price})` : ''}`).join(', ');
}

type Status = 'confirmed' | 'cancelled';

export function orderStatusText(input: {
  firstName: string | null;
  business: string | null;
  status: Status;
  lines: ApiOrder['lines'];
}): string {
  const hello = `Hi ${addressableName(input.firstName) ?? 'there'},`;
  const items = linesSummary(input.lines);
  const what = items ? ` (${items})` : '';
  const from = `– ${input.business ?? 'us'}`;
  const text =
    input.status === 'confirmed'
      ? `${hello} your order${what} is confirmed. Thank you! ${from}`
      : `${hello} your order${what} has been cancelled. Please get in touch if you have any questions. ${from}`;
  return text.length > SMS_LIMIT ? `${text.slice(0, SMS_LIMIT - 1)}…` : text;
}

/** A provider's reason may end in its own full stop; the sentence gets one. */
const notTold = (reason: string) => `The customer was not told: ${reason.replace(/\.+$/, '')}.`;

function told(name: string, result: Extract<SentMessage, { ok: true }>): string {
  return `${name} was told by ${result.channel === 'sms' ? 'SMS' : 'email'} (${result.to}).`;
}

/** Send the confirmation or cancellation; never throws for a refused send, so the update stands. */
export async function tellCustomerAboutOrder(
  deps: CustomerMessageDeps,
  businessId: string,
  order: ApiOrder,
): Promise<string> {
  if (order.status !== 'confirmed' && order.status !== 'cancelled')
    return notTold('only a confirmation or a cancellation is sent');
  const customer = await findCustomer(deps.db, businessId, order.customer_id);
  if (!customer) return notTold('the customer is no longer among your contacts');
  const name = displayName(customer);
  const phone = customer.phones[0] ?? null;
  const email = customer.emails[0] ?? null;
  const text = orderStatusText({
    firstName: customer.firstName,
    business: await businessName(deps.db, businessId),
    status: order.status,
    lines: order.lines,
  });
  let smsFailure: string | null = null;
  if (phone) {
    const system = await businessNumberSystem(deps.db, businessId);
    if (system?.phoneNumber) {
      const sms = await sendCustomerSms(deps, {
        businessId,
        to: phone,
        body: text,
        customerId: customer.id,
        purpose: 'order_status',
        details: { order_id: order._id, order_status: order.status },
        system,
      });
      if (sms.ok) return told(name, sms);
      smsFailure = sms.reason;
    } else smsFailure = 'the business has no phone number to text from (set one up under Settings → Systems)';
  }
  if (email) {
    const subject = order.status === 'confirmed' ? 'Your order is confirmed' : 'Your order has been cancelled';
    const mail = await sendCustomerEmail(deps, {
      businessId,
      to: email,
      subject,
      text,
      customerId: customer.id,
      noteLabel: `order ${order.status}`,
    });
    if (mail.ok) return told(name, mail);
    return notTold(smsFailure ? `${smsFailure}, and ${mail.reason}` : mail.reason);
  }
  return notTold(smsFailure ?? `${name} has no phone number or email`);
}
