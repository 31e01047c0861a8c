/**
 * "How many people will a one tier cake feed?", "how long does the large pie keep?": after an
 * auxiliary and a noun phrase of its own ("will a …", "does the …"), the question's last word
 * is what that thing does, whatever its likeliest part of speech ("feed" is mostly a noun). It
 * is no second half of a compound with the noun before it ("cake feed").
 */
const AUX_THEN_SUBJECT =
  /\b(?:will|would|can|could|does|do|did|should|might)\s+(?:a|an|the|my|our|your|this|that|these|those|one|each)\s+\S+(?:\s+\S+)*\s+(\S+?)[?.!]*\s*$/i;

/** Is `words[index]` the last word of a question whose clause "aux + determiner + noun phrase" makes it the verb? */
export function endsAsClauseVerb(message: string, sequence: string[], index: number): boolean {
  if (index !== sequence.length - 1) return false;
  const last = AUX_THEN_SUBJECT.exec(message.trim())?.[1];
  return Boolean(last && last.toLowerCase().replace(/'/g, '') === sequence[index].toLowerCase());
}
