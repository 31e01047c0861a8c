import type { ApiAvailableNumber } from '#contract/v1/systems';

/**
 * The telephony provider interface: the sandbox (embedded default) and Twilio implement
 * it. Inbound traffic does not go through it: both deliver Twilio-shaped webhooks to the
 * same handlers (services/systems/inbound-*.ts); the sandbox simulator calls them in process.
 */
export type Sms = { to: string; body: string; from?: string; statusCallback?: string };
export type SmsResult = { id: string; status: 'queued' | 'sent' | 'delivered' };

export type NumberSearch = { country: string; areaCode?: string; contains?: string; limit?: number };
export type AvailableNumber = ApiAvailableNumber;

/** Where the provider delivers a number's inbound traffic (set on purchase). */
export type WebhookUrls = { voice: string; sms: string; status: string };
export type PurchasedNumber = { phoneNumber: string; providerRef: string };

/**
 * A click-to-call: the provider rings `agentNumber` first (from `from`); when the agent
 * answers, `connectUrl` answers TwiML that dials `to`. Status changes go to statusCallback.
 */
export type OutboundCall = {
  to: string;
  from: string;
  agentNumber: string;
  connectUrl: string;
  statusCallback: string;
};
export type CallResult = { id: string; status: string };

export interface TelephonyProvider {
  readonly name: 'sandbox' | 'twilio';
  sendSms(sms: Sms): Promise<SmsResult>;
  searchNumbers(search: NumberSearch): Promise<AvailableNumber[]>;
  purchaseNumber(phoneNumber: string, webhooks: WebhookUrls): Promise<PurchasedNumber>;
  releaseNumber(providerRef: string): Promise<void>;
  placeCall(call: OutboundCall): Promise<CallResult>;
  /**
   * Record a live call whole (both sides, one channel each); when it is ready the provider
   * posts RecordingUrl/RecordingSid to `callbackUrl`. The sandbox records nothing.
   */
  startRecording(callSid: string, callbackUrl: string): Promise<void>;
  /** A call recording as WAV bytes (null when it cannot be fetched). */
  fetchRecording(recordingUrl: string): Promise<Uint8Array | null>;
}

/** A provider refused (number gone, bad credentials, network); the message is safe to show. */
export class TelephonyError extends Error {
  constructor(
    message: string,
    readonly code: 'number_unavailable' | 'provider_failed' | 'not_supported' = 'provider_failed',
  ) {
    super(message);
    this.name = 'TelephonyError';
  }
}
