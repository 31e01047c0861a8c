import { COUNTING_WORD_PATTERN, COUNTING_WORDS } from '#api/lib/number-words';

/** The caller's own lead time ("I'm cancelling the day before") and the owner's rules for lead times ("48 hours' notice or more"). */

/** "A day", "three days", "48 hours": a lead time's number. */
const LEAD_NUMBER = `\\d+|${COUNTING_WORD_PATTERN}`;
const UNIT_HOURS: Record<string, number> = { hour: 1, day: 24, week: 168 };
const unitHours = (unit: string) => UNIT_HOURS[unit.toLowerCase().replace(/s$/, '')] ?? 0;
const amount = (text: string) => COUNTING_WORDS.get(text.toLowerCase()) ?? Number(text);
const CALLER_LEAD_TIME = new RegExp(
  `\\b(${LEAD_NUMBER}) (hours?|days?|weeks?) (before|beforehand|ahead|in advance|notice)\\b`,
);

/** "the day before", "three days before", "48 hours ahead", "on the day": the caller's own lead time, in hours. */
export function leadTimeOf(message: string): number | null {
  const text = message.toLowerCase();
  const counted = CALLER_LEAD_TIME.exec(text);
  if (counted) return amount(counted[1]) * unitHours(counted[2]);
  if (/\bthe (day|night) before\b/.test(text)) return 24;
  if (
    /\b(on the day|on the morning|same day|that morning)\b/.test(text) &&
    /\b(cancel|cancell?ing|move|moving|change|rearrange|miss)\b/.test(text)
  )
    return 0;
  return null;
}

/** Whether a clause's lead-time rule covers a caller `leadHours` ahead ("at least 48 hours", "less than 24 hours' notice"), or null without one. */
function leadRuleFits(leadHours: number, clause: string): boolean | null {
  const text = clause.toLowerCase().replace(/['’]/g, '');
  const N = `(${LEAD_NUMBER}) (hours?|days?|weeks?)`;
  let fits: boolean | null = null;
  for (const match of text.matchAll(
    new RegExp(`\\b(?:at least|more than|over|up to) ${N}|\\b${N} (?:notice )?or more\\b`, 'g'),
  )) {
    const count = match[1] ?? match[3];
    const unit = match[2] ?? match[4];
    if (leadHours < amount(count) * unitHours(unit)) return false;
    fits = true;
  }
  for (const match of text.matchAll(new RegExp(`\\b(?:less than|under|within|fewer than) ${N}`, 'g'))) {
    if (leadHours >= amount(match[1]) * unitHours(match[2])) return false;
    fits = true;
  }
  return fits;
}

/**
 * A rule for a lead time the caller's is not: "with 48 hours' notice or more" to one cancelling
 * the day before, "with less than 24 hours' notice" to one cancelling a week ahead. A sentence
 * with a clause for each side ("… up to 28 days before; with less than 28 days' notice …") is
 * the caller's when one of its clauses is.
 */
export function otherLeadTime(leadHours: number | null, said: string): boolean {
  if (leadHours === null) return false;
  const rules = said.split(/;\s*/).map((clause) => leadRuleFits(leadHours, clause));
  return rules.includes(false) && !rules.includes(true);
}
