import type { Db } from '../../db/client';
import { newId } from '../../lib/crypto';
import { recordOutbox } from '../outbox';
import type { TelephonyProvider } from './provider';

/** The embedded sandbox: nothing leaves the machine; every SMS lands in the outbox. */
export function createSandboxTelephony(db: Db): TelephonyProvider {
  return {
    name: 'sandbox',
    async sendSms(sms) {
      await recordOutbox(db, {
        channel: 'sms',
        to: sms.to,
        from: sms.from ?? 'Sandbox',
        body: sms.body,
        provider: 'sandbox',
        delivered: true,
      });
      return { id: newId(), status: 'delivered' };
    },
  };
}
