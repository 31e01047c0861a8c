/**
 * "Is there anywhere to park near the shop?", "can I lock my bike outside the workshop?", "is
 * there a fee to join the practice?": the caller names where (or who) the business is in their own words. That place is not what is asked, so
 * it counts as one of the business's everyday words (knowledge-question.ts: it may be missing
 * from a passage that holds another subject word), never as a subject the passage must name.
 */
const PREMISES =
  /\b(?:near|outside|at|in|into|inside|by|round|around|behind|next to|close to|to|from|join|joins|joining)\s+(?:the|your|ur)\s+(shop|store|salon|studio|workshop|garage|premises|office|bakery|surgery|clinic|practice|unit|building|place|yard|showroom)\b/gi;

export function premisesWords(message: string): string[] {
  return [...message.matchAll(PREMISES)].map((match) => match[1].toLowerCase());
}
