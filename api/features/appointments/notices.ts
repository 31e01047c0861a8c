import type { ApiAppointment } from '#contract/v1/appointments';
import { describeSpan } from './slots';
import { addressableName, displayName, findCustomer } from '../customers/records';
import {
  businessName,
  businessNumberSystem,
  sendCustomerEmail,
  sendCustomerSms,
  type CustomerMessageDeps,
} from '../systems/customer-messages';

/** Telling the contact an appointment was booked, moved or cancelled: by SMS from the business number, else by email. */
const SMS_LIMIT = 1600;

export function appointmentText(input: {
  firstName: string | null;
  business: string | null;
  kind: 'booked' | 'moved' | 'cancelled';
  service: string | null;
  when: string;
}): string {
  const hello = `Hi ${addressableName(input.firstName) ?? 'there'},`;
  const what = input.service ? `your ${input.service} appointment` : 'your appointment';
  const from = `– ${input.business ?? 'us'}`;
  const text =
    input.kind === 'booked'
      ? `${hello} ${what} is booked for ${input.when}. Reply to this message if you need to change it. ${from}`
      : input.kind === 'moved'
        ? `${hello} ${what} has moved to ${input.when}. ${from}`
        : `${hello} ${what} for ${input.when} has been cancelled. ${from}`;
  return text.length > SMS_LIMIT ? `${text.slice(0, SMS_LIMIT - 1)}…` : text;
}

const notTold = (reason: string) => `The contact was not told: ${reason.replace(/\.+$/, '')}.`;

/** Text the contact (else email them); never throws, so the booking stands. Answers the sentence the member sees. */
export async function tellCustomer(
  deps: CustomerMessageDeps,
  businessId: string,
  appointment: ApiAppointment,
  kind: 'booked' | 'moved' | 'cancelled',
  timezone: string,
): Promise<string> {
  try {
    const customer = await findCustomer(deps.db, businessId, appointment.customer_id);
    if (!customer) return notTold('the contact is no longer among your contacts');
    const name = displayName(customer) || 'The contact';
    const when = describeSpan(new Date(appointment.start_at), new Date(appointment.end_at), timezone, deps.clock.now());
    const text = appointmentText({
      firstName: customer.firstName,
      business: await businessName(deps.db, businessId),
      kind,
      service: appointment.service?.name ?? null,
      when,
    });
    const phone = customer.phones[0] ?? null;
    const email = customer.emails[0] ?? null;
    let smsFailure: string | null = null;
    if (phone) {
      const system = await businessNumberSystem(deps.db, businessId);
      if (system?.phoneNumber) {
        const sms = await sendCustomerSms(deps, {
          businessId,
          to: phone,
          body: text,
          customerId: customer.id,
          purpose: 'appointment',
          details: { appointment_id: appointment._id, appointment_change: kind },
          system,
        });
        if (sms.ok) return `${name} was told by SMS (${sms.to}).`;
        smsFailure = sms.reason;
      } else smsFailure = 'the business has no phone number to text from (set one up under Settings → Systems)';
    }
    if (email) {
      const subject =
        kind === 'booked'
          ? 'Your appointment is booked'
          : kind === 'moved'
            ? 'Your appointment has moved'
            : 'Your appointment is cancelled';
      const mail = await sendCustomerEmail(deps, {
        businessId,
        to: email,
        subject,
        text,
        customerId: customer.id,
        noteLabel: `appointment ${kind}`,
      });
      if (mail.ok) return `${name} was told by email (${mail.to}).`;
      return notTold(smsFailure ? `${smsFailure}, and ${mail.reason}` : mail.reason);
    }
    return notTold(smsFailure ?? `${name} has no phone number or email`);
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'appointment saved, contact not told',
      appointment_id: appointment._id,
      error: String(error),
    });
    return notTold('the message could not be sent');
  }
}
