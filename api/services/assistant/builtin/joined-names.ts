/**
 * "how much is just a blowdry?", "a tuneup": callers write the business's hyphenated or
 * two-word names as one word. Such a word is read as the name's two words as the owner wrote
 * them ("Blow-dry", "Tune-up"), so the name matches; no other word is touched.
 */
export function splitJoinedNames(message: string, names: string[]): string {
  const joined = new Map<string, string>();
  for (const name of names) {
    const parts = name.match(/[A-Za-z]+(?:[-\s]+)?/g) ?? [];
    for (let index = 0; index + 1 < parts.length; index += 1) {
      const first = parts[index].replace(/[-\s]+$/, '');
      const second = parts[index + 1].replace(/[-\s]+$/, '');
      const separator = /-/.test(parts[index]) ? '-' : ' ';
      if (first.length >= 2 && second.length >= 2)
        joined.set(`${first}${second}`.toLowerCase(), `${first}${separator}${second}`.toLowerCase());
    }
  }
  if (!joined.size) return message;
  return message.replace(/\b[A-Za-z]{6,}\b/g, (word) => joined.get(word.toLowerCase()) ?? word);
}

/** The particles that make a verb and its particle one noun ("lock out" → "lockout", "check up" → "checkup"). */
const PARTICLES = ['out', 'up', 'off', 'in', 'down', 'over', 'away', 'back'];
const OBJECT_PRONOUNS = '(myself|yourself|himself|herself|ourselves|themselves|me|us|him|her|them|it)';

/**
 * "I've locked myself out", "we got locked out": the owner wrote a name word the verb and its
 * particle make ("Lockout callout"). The verb said with an ending or an object before the
 * particle is read as that one word, so the name matches and the verb's first part alone
 * ("lock") does not pick another item; a bare "lock out" may be a noun and a preposition.
 */
export function joinSplitNames(message: string, names: string[]): string {
  let said = message;
  const words = new Set(names.flatMap((name) => name.toLowerCase().match(/[a-z]{5,}/g) ?? []));
  for (const word of words) {
    const particle = PARTICLES.find((candidate) => word.endsWith(candidate));
    const stem = particle ? word.slice(0, -particle.length) : '';
    if (!particle || stem.length < 3) continue;
    const ending = `(s|ed|d|ing|${stem.at(-1)}ed|${stem.at(-1)}ing)`;
    const split = new RegExp(`\\b${stem}(${ending}( ${OBJECT_PRONOUNS})?|( ${OBJECT_PRONOUNS})) ${particle}\\b`, 'gi');
    said = said.replace(split, word);
  }
  return said;
}
