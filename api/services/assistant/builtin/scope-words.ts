import { STOP_WORDS } from '#api/services/language/stop-words';
import { words, type Term } from './text';

/**
 * "Have you got any deals for first timers?" asks for deals; "first timers" only says whom they
 * are for. A passage holding the scope words alone ("classes made for first-timers") and none of
 * the thing asked is about something else.
 */

/** Words that open a phrase saying whom or what the asked thing is for ("for first timers", "turn up to a class"). */
const SCOPE_LEAD = new Set(['for', 'to', 'with', 'at', 'on', 'in', 'from', 'about', 'into', 'onto']);
/** Words a noun phrase may open with ("to a reformer class", "for my first class"). */
const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'its', 'some', 'any']);
/** A phrase's noun phrase is short: "for a couple of first-time visitors" is as long as it goes. */
const PHRASE_WORDS = 4;

/** The indexes of the words in the noun phrases after a scope word. */
function scopeIndexes(list: string[]): Set<number> {
  const inside = new Set<number>();
  list.forEach((word, index) => {
    if (!SCOPE_LEAD.has(word)) return;
    for (let at = index + 1; at < Math.min(list.length, index + 1 + PHRASE_WORDS); at += 1) {
      const next = list[at];
      if (DETERMINERS.has(next)) continue;
      if (STOP_WORDS.has(next)) break;
      inside.add(at);
    }
  });
  return inside;
}

/** "Are your classes ok for scared swimmers?": the business's own thing, which its passages may leave unsaid. */
const OWNED_BY_YOU = new Set(['your', 'ur', 'yours']);

/**
 * The subject words said only inside such phrases (the scope), and those the scope alone leaves
 * unanswered: the others, less the business's own ("your classes"), which the scope is asked of.
 */
export function scopeOf(message: string, judge: Term[]): { scope: Set<string>; asked: Set<string> } {
  const list = words(message);
  const inside = scopeIndexes(list);
  const scope = new Set<string>();
  const outside = new Set<string>();
  const owned = new Set<string>();
  list.forEach((word, index) => {
    const term = judge.find((candidate) => candidate.word === word);
    if (!term) return;
    (inside.has(index) ? scope : outside).add(term.key);
    if (list.slice(Math.max(0, index - 2), index).some((before) => OWNED_BY_YOU.has(before))) owned.add(term.key);
  });
  const scoped = new Set([...scope].filter((key) => !outside.has(key)));
  return { scope: scoped, asked: new Set([...outside].filter((key) => !owned.has(key))) };
}
