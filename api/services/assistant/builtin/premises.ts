/**
 * "Is there anywhere to park near the shop?", "can I lock my bike outside the workshop?": the
 * caller names where the business is in their own words. That place is not what is asked, so
 * it counts as one of the business's everyday words (knowledge-question.ts: it may be missing
 * from a passage that holds another subject word), never as a subject the passage must name.
 */
const PLACES =
  'shop|store|salon|studio|workshop|garage|premises|office|bakery|surgery|clinic|practice|unit|building|place|yard|showroom|caf[eé]|restaurant|pub|bar|gym|school|centre|center|spa|parlour|pharmacy|library|hall';
const PREMISES = new RegExp(
  `\\b(?:near|outside|at|in|into|inside|by|round|around|behind|next to|close to|to|from)\\s+(?:the|your|ur)\\s+(${PLACES})\\b`,
  'gi',
);
/** "Is the café wheelchair accessible?", "does the gym have showers?": the premises as the sentence's subject. */
const PREMISES_ASKED = new RegExp(`^\\W*(?:is|are|does|has|have)\\s+(?:the|your|ur)\\s+(${PLACES})\\b`, 'gi');

export function premisesWords(message: string): string[] {
  return [...message.matchAll(PREMISES), ...message.matchAll(PREMISES_ASKED)].map((match) =>
    match[1].toLowerCase().replace('é', 'e'),
  );
}
