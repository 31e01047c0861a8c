import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#api/db/client';
import { systems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { recordOutbox } from '../outbox';
import { TelephonyError, type AvailableNumber, type TelephonyProvider } from './provider';
import { formatPhoneNumber, INTERNATIONAL } from '#contract/phone';

/**
 * The embedded sandbox: nothing leaves the machine. Numbers come from ranges reserved for
 * fiction (so no real person is ever "called"), SMS land in the outbox, outbound calls are
 * recorded as if answered, and inbound traffic comes from the simulator on the system page.
 */
type Range = { prefix: string; digits: number; locality: string | null; region: string | null };

/** Reserved fictional ranges: NANP 555-0100..0199, Ofcom drama numbers, ACMA and ComReg ones. */
function rangesFor(country: string, areaCode: string | undefined): Range[] {
  switch (country) {
    case 'US':
    case 'CA': {
      const area =
        areaCode && /^[2-9]\d\d$/.test(areaCode) ? areaCode : areaCode ? null : country === 'US' ? '415' : '416';
      return area ? [{ prefix: `+1${area}55501`, digits: 2, locality: null, region: null }] : [];
    }
    case 'GB': {
      const areas: Record<string, Range> = {
        '7700': { prefix: '+447700900', digits: 3, locality: null, region: 'Mobile' },
        '20': { prefix: '+442079460', digits: 3, locality: 'London', region: 'England' },
        '161': { prefix: '+441614960', digits: 3, locality: 'Manchester', region: 'England' },
        '121': { prefix: '+441214960', digits: 3, locality: 'Birmingham', region: 'England' },
        '131': { prefix: '+441314960', digits: 3, locality: 'Edinburgh', region: 'Scotland' },
        '141': { prefix: '+441414960', digits: 3, locality: 'Glasgow', region: 'Scotland' },
        '117': { prefix: '+441174960', digits: 3, locality: 'Bristol', region: 'England' },
      };
      if (!areaCode) return [areas['7700'], areas['20']];
      return areas[areaCode.replace(/^0/, '')] ? [areas[areaCode.replace(/^0/, '')]] : [];
    }
    case 'AU':
      return !areaCode || areaCode === '4'
        ? [{ prefix: '+61491570', digits: 3, locality: null, region: 'Mobile' }]
        : [];
    case 'IE':
      return !areaCode || areaCode === '20' ? [{ prefix: '+35320910', digits: 4, locality: null, region: null }] : [];
    default:
      return [];
  }
}

export const SANDBOX_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'IE'] as const;

export function sandboxNumbers(country: string, areaCode?: string, contains?: string): AvailableNumber[] {
  const found: AvailableNumber[] = [];
  for (const range of rangesFor(country, areaCode)) {
    const count = 10 ** range.digits;
    // Start past the first few (NANP 555-0100 is often used in examples), keep the order stable.
    for (let index = 0; index < count; index += 1) {
      const phone = `${range.prefix}${String((index + 10) % count).padStart(range.digits, '0')}`;
      if (contains && !phone.slice(1).includes(contains)) continue;
      found.push({
        phone_number: phone,
        friendly_name: formatPhoneNumber(phone, INTERNATIONAL),
        locality: range.locality,
        region: range.region,
        country,
        capabilities: { voice: true, sms: true },
      });
    }
  }
  return found;
}

/** Every fictional range, whatever area it was found under (purchase checks against all of them). */
const GB_AREAS = ['7700', '20', '161', '121', '131', '141', '117'];
const ALL_RANGES: Range[] = [
  ...GB_AREAS.flatMap((area) => rangesFor('GB', area)),
  ...rangesFor('AU', undefined),
  ...rangesFor('IE', undefined),
];

export function isSandboxNumber(phone: string): boolean {
  if (/^\+1[2-9]\d\d55501\d\d$/.test(phone)) return true;
  return ALL_RANGES.some(
    (range) =>
      phone.startsWith(range.prefix) &&
      phone.length === range.prefix.length + range.digits &&
      /^\d+$/.test(phone.slice(range.prefix.length)),
  );
}

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
      return { id: `SM-sandbox-${newId()}`, status: 'delivered' };
    },
    async searchNumbers(search) {
      const candidates = sandboxNumbers(search.country, search.areaCode, search.contains);
      const limit = search.limit ?? 20;
      // Leave out numbers a live system already has (the sandbox's whole "inventory").
      const taken = new Set<string>();
      for (let start = 0; start < candidates.length && candidates.length - taken.size > 0; start += 500) {
        const slice = candidates.slice(start, start + 500).map((number) => number.phone_number);
        const rows = await db
          .select({ phone: systems.phoneNumber })
          .from(systems)
          .where(and(inArray(systems.phoneNumber, slice), isNull(systems.deletedAt)));
        rows.forEach((row) => row.phone && taken.add(row.phone));
        if (start + 500 - taken.size >= limit) break;
      }
      return candidates.filter((number) => !taken.has(number.phone_number)).slice(0, limit);
    },
    async purchaseNumber(phoneNumber) {
      if (!isSandboxNumber(phoneNumber))
        throw new TelephonyError('That number is no longer available. Choose another one.', 'number_unavailable');
      return { phoneNumber, providerRef: `PN-sandbox-${newId()}` };
    },
    async releaseNumber() {},
    async placeCall() {
      return { id: `CA-sandbox-${newId()}`, status: 'completed' };
    },
    async startRecording() {},
    async fetchRecording() {
      return null;
    },
  };
}
