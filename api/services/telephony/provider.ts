/**
 * The telephony provider interface. This issue needs only SMS (mobile verification);
 * the telephony issue adds numbers, calls and inbound webhooks to the same interface.
 */
export type Sms = { to: string; body: string; from?: string };
export type SmsResult = { id: string; status: 'queued' | 'sent' | 'delivered' };

export interface TelephonyProvider {
  readonly name: 'sandbox' | 'twilio';
  sendSms(sms: Sms): Promise<SmsResult>;
}
