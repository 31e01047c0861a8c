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
