/**
 * The system page's labels, apart from its schemas (./systems.ts, which re-exports them) so that
 * what the page shows outside its forms does not bring zod into its first load.
 */

export const SIMULATION_LABELS = {
  call: 'Incoming call from…',
  missed_call: 'Missed call from…',
  sms: 'Incoming SMS from…',
} as const;

export const EVENT_OUTCOME_LABELS: Record<string, string> = {
  ok: 'OK',
  duplicate: 'Duplicate (ignored)',
  refused: 'Refused',
  spam: 'Spam',
  failed: 'Failed',
};

/** "voice.gather" → "Voice gather", "make-a-call" → "Make a call". */
export function eventNameLabel(name: string): string {
  const text = name.replace(/[._-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : name;
}
