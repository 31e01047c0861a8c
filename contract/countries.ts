/**
 * Countries offered by the business form, with the IANA timezone a new business in that
 * country starts with (editable later) and the dialling prefix used as a phone hint.
 */
export type Country = { code: string; name: string; timezone: string; dial: string };

export const COUNTRIES: readonly Country[] = [
  { code: 'AR', name: 'Argentina', timezone: 'America/Argentina/Buenos_Aires', dial: '+54' },
  { code: 'AU', name: 'Australia', timezone: 'Australia/Sydney', dial: '+61' },
  { code: 'AT', name: 'Austria', timezone: 'Europe/Vienna', dial: '+43' },
  { code: 'BE', name: 'Belgium', timezone: 'Europe/Brussels', dial: '+32' },
  { code: 'BR', name: 'Brazil', timezone: 'America/Sao_Paulo', dial: '+55' },
  { code: 'BG', name: 'Bulgaria', timezone: 'Europe/Sofia', dial: '+359' },
  { code: 'CA', name: 'Canada', timezone: 'America/Toronto', dial: '+1' },
  { code: 'CL', name: 'Chile', timezone: 'America/Santiago', dial: '+56' },
  { code: 'CN', name: 'China', timezone: 'Asia/Shanghai', dial: '+86' },
  { code: 'CO', name: 'Colombia', timezone: 'America/Bogota', dial: '+57' },
  { code: 'HR', name: 'Croatia', timezone: 'Europe/Zagreb', dial: '+385' },
  { code: 'CY', name: 'Cyprus', timezone: 'Asia/Nicosia', dial: '+357' },
  { code: 'CZ', name: 'Czechia', timezone: 'Europe/Prague', dial: '+420' },
  { code: 'DK', name: 'Denmark', timezone: 'Europe/Copenhagen', dial: '+45' },
  { code: 'EG', name: 'Egypt', timezone: 'Africa/Cairo', dial: '+20' },
  { code: 'EE', name: 'Estonia', timezone: 'Europe/Tallinn', dial: '+372' },
  { code: 'FI', name: 'Finland', timezone: 'Europe/Helsinki', dial: '+358' },
  { code: 'FR', name: 'France', timezone: 'Europe/Paris', dial: '+33' },
  { code: 'DE', name: 'Germany', timezone: 'Europe/Berlin', dial: '+49' },
  { code: 'GR', name: 'Greece', timezone: 'Europe/Athens', dial: '+30' },
  { code: 'HK', name: 'Hong Kong', timezone: 'Asia/Hong_Kong', dial: '+852' },
  { code: 'HU', name: 'Hungary', timezone: 'Europe/Budapest', dial: '+36' },
  { code: 'IS', name: 'Iceland', timezone: 'Atlantic/Reykjavik', dial: '+354' },
  { code: 'IN', name: 'India', timezone: 'Asia/Kolkata', dial: '+91' },
  { code: 'ID', name: 'Indonesia', timezone: 'Asia/Jakarta', dial: '+62' },
  { code: 'IE', name: 'Ireland', timezone: 'Europe/Dublin', dial: '+353' },
  { code: 'IL', name: 'Israel', timezone: 'Asia/Jerusalem', dial: '+972' },
  { code: 'IT', name: 'Italy', timezone: 'Europe/Rome', dial: '+39' },
  { code: 'JP', name: 'Japan', timezone: 'Asia/Tokyo', dial: '+81' },
  { code: 'KE', name: 'Kenya', timezone: 'Africa/Nairobi', dial: '+254' },
  { code: 'LV', name: 'Latvia', timezone: 'Europe/Riga', dial: '+371' },
  { code: 'LT', name: 'Lithuania', timezone: 'Europe/Vilnius', dial: '+370' },
  { code: 'LU', name: 'Luxembourg', timezone: 'Europe/Luxembourg', dial: '+352' },
  { code: 'MY', name: 'Malaysia', timezone: 'Asia/Kuala_Lumpur', dial: '+60' },
  { code: 'MT', name: 'Malta', timezone: 'Europe/Malta', dial: '+356' },
  { code: 'MX', name: 'Mexico', timezone: 'America/Mexico_City', dial: '+52' },
  { code: 'MA', name: 'Morocco', timezone: 'Africa/Casablanca', dial: '+212' },
  { code: 'NL', name: 'Netherlands', timezone: 'Europe/Amsterdam', dial: '+31' },
  { code: 'NZ', name: 'New Zealand', timezone: 'Pacific/Auckland', dial: '+64' },
  { code: 'NG', name: 'Nigeria', timezone: 'Africa/Lagos', dial: '+234' },
  { code: 'NO', name: 'Norway', timezone: 'Europe/Oslo', dial: '+47' },
  { code: 'PE', name: 'Peru', timezone: 'America/Lima', dial: '+51' },
  { code: 'PH', name: 'Philippines', timezone: 'Asia/Manila', dial: '+63' },
  { code: 'PL', name: 'Poland', timezone: 'Europe/Warsaw', dial: '+48' },
  { code: 'PT', name: 'Portugal', timezone: 'Europe/Lisbon', dial: '+351' },
  { code: 'RO', name: 'Romania', timezone: 'Europe/Bucharest', dial: '+40' },
  { code: 'SA', name: 'Saudi Arabia', timezone: 'Asia/Riyadh', dial: '+966' },
  { code: 'SG', name: 'Singapore', timezone: 'Asia/Singapore', dial: '+65' },
  { code: 'SK', name: 'Slovakia', timezone: 'Europe/Bratislava', dial: '+421' },
  { code: 'SI', name: 'Slovenia', timezone: 'Europe/Ljubljana', dial: '+386' },
  { code: 'ZA', name: 'South Africa', timezone: 'Africa/Johannesburg', dial: '+27' },
  { code: 'KR', name: 'South Korea', timezone: 'Asia/Seoul', dial: '+82' },
  { code: 'ES', name: 'Spain', timezone: 'Europe/Madrid', dial: '+34' },
  { code: 'SE', name: 'Sweden', timezone: 'Europe/Stockholm', dial: '+46' },
  { code: 'CH', name: 'Switzerland', timezone: 'Europe/Zurich', dial: '+41' },
  { code: 'TH', name: 'Thailand', timezone: 'Asia/Bangkok', dial: '+66' },
  { code: 'TR', name: 'Turkey', timezone: 'Europe/Istanbul', dial: '+90' },
  { code: 'UA', name: 'Ukraine', timezone: 'Europe/Kyiv', dial: '+380' },
  { code: 'AE', name: 'United Arab Emirates', timezone: 'Asia/Dubai', dial: '+971' },
  { code: 'GB', name: 'United Kingdom', timezone: 'Europe/London', dial: '+44' },
  { code: 'US', name: 'United States', timezone: 'America/New_York', dial: '+1' },
  { code: 'VN', name: 'Vietnam', timezone: 'Asia/Ho_Chi_Minh', dial: '+84' },
];

const byCode = new Map(COUNTRIES.map((country) => [country.code, country]));

export function findCountry(code: string | undefined | null): Country | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}

export function defaultTimezone(countryCode: string): string {
  return findCountry(countryCode)?.timezone ?? 'UTC';
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
