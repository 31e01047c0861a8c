/**
 * Text arriving in chunks (a streamed reply) as whole sentences, so each can be spoken as
 * soon as it is complete. A sentence ends at . ! ? or a line break followed by space; a
 * long run without one is cut at a comma or space so speech never waits too long.
 */
const SENTENCE_END = /[.!?…]+["')\]]*(?=\s)|\n+/g;
const MAX_SENTENCE = 240;

/** Cleans text for a speech engine: markdown marks and bare URLs read badly aloud. */
export function speakable(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\((?:https?:\/\/|mailto:)[^)]+\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/[*_`#>|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function* sentences(text: AsyncIterable<string>): AsyncIterable<string> {
  let buffer = '';
  for await (const chunk of text) {
    buffer += chunk;
    for (;;) {
      SENTENCE_END.lastIndex = 0;
      const match = SENTENCE_END.exec(buffer);
      let cut = match ? match.index + match[0].length : -1;
      if (cut === -1 && buffer.length > MAX_SENTENCE) {
        const window = buffer.slice(0, MAX_SENTENCE);
        const comma = window.lastIndexOf(', ');
        const space = window.lastIndexOf(' ');
        cut = comma > MAX_SENTENCE / 2 ? comma + 1 : space > 0 ? space : MAX_SENTENCE;
      }
      if (cut === -1) break;
      const sentence = speakable(buffer.slice(0, cut));
      buffer = buffer.slice(cut);
      if (sentence) yield sentence;
    }
  }
  const rest = speakable(buffer);
  if (rest) yield rest;
}
