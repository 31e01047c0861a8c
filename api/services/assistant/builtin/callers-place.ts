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
  return placeKeys(text, PLACE_PREPOSITION, OWNED, false);
}

/**
 * Where a service's own thing goes, in its description: "a new cylinder fitted to your front or
 * back door" puts the cylinder on the door; the door is not what it sells. A caller asking for a
 * new door has said none of the service's words but the place. Only after a thing is put
 * somewhere ("fitted to", "installed in", "mounted on"): "at the same time" and "in the evening"
 * are no places.
 */
export function servicePlaceKeys(description: string): Set<string> {
  return placeKeys(description, SERVICE_PLACE_PREPOSITION, SERVICE_OWNED, true);
}

const SERVICE_PLACE_PREPOSITION = new Set(['to', 'onto', 'on', 'in', 'into', 'inside', 'under', 'behind']);
const SERVICE_OWNED = new Set(['the', 'your', 'any']);
/** A thing put somewhere: "fitted", "installed", "replaced" (-ed) or the few said without it. */
const PUT_THERE = /^([a-z]+ed|fit|put|set|hung|laid|built)$/;
const JOINING = new Set(['or', 'and']);

function placeKeys(text: string, prepositions: Set<string>, owners: Set<string>, ofAService: boolean): Set<string> {
  const said = words(text);
  const places = new Set<string>();
  for (const [index, word] of said.entries()) {
    if (!prepositions.has(word) || !owners.has(said[index + 1] ?? '')) continue;
    if (ofAService && !PUT_THERE.test(said[index - 1] ?? '')) continue;
    // A place of one word or two ("the back bedroom", "my solar panels"), up to the next small word;
    // in a service's text also over "or"/"and" ("your front or back door").
    let taken = 0;
    for (const place of said.slice(index + 2, index + 7)) {
      if (ofAService && JOINING.has(place)) continue;
      if (STOP_WORDS.has(place) || /^\d/.test(place) || taken === (ofAService ? 4 : 2)) break;
      places.add(termKey(place));
      taken += 1;
    }
  }
  return places;
}
