import { STOP_WORDS } from '#api/services/language/stop-words';
import { termKey, words } from './text';

/**
 * "We've got mice in the kitchen", "a sofa up in our loft", "one in the shed and one in the
 * roof": where the caller's thing is, said as a place of their own (a preposition, then the,
 * my, our…), is a detail of their case, not what is asked, so it is never a subject word the
 * service's text must hold. A place said by its name ("in Dublin") is a question of area
 * (areas.ts) and stays a subject; so does a thing in "a" something ("flowers in a vase").
 */
const PLACE_PREPOSITION = new Set(
  'in on under underneath beneath behind inside outside above below around round near by at into'.split(' '),
);
const OWNED = new Set(['the', 'my', 'our', 'their', 'his', 'her']);

/** The term keys of the places the caller puts their thing in ("kitchen"; "solar", "panels"). */
export function callersPlaceKeys(text: string): Set<string> {
  const said = words(text);
  const places = new Set<string>();
  for (const [index, word] of said.entries()) {
    if (!PLACE_PREPOSITION.has(word) || !OWNED.has(said[index + 1] ?? '')) continue;
    // A place of one word or two ("the back bedroom", "my solar panels"), up to the next small word.
    for (const place of said.slice(index + 2, index + 4)) {
      if (STOP_WORDS.has(place) || /^\d/.test(place)) break;
      places.add(termKey(place));
    }
  }
  return places;
}
