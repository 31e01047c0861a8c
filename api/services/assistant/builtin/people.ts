import type { AssistantTools } from '../types';
import { hitSource, type Answer } from './answer';
import { cleanPassage, questionTerms, sentences, termKeys } from './text';

/**
 * "Who owns the shop?", "who runs it?", "who's the manager?", "who does skin fades?": the
 * sentence of the business's data that names a person with that role or that work ("Giulia
 * Rossi opened the bakery in 2014…", "Tomás – Senior Stylist and barber, fades and beard
 * trims"). null when no passage names one, so the knowledge search (and then the team) answers.
 */
const WHO = /^\W*(and |so |ok,? )?who('s| is| are)?\b/i;

/** The role a "who" question asks about, and the words that state it in a passage. */
const ROLES: { asked: RegExp; stated: RegExp; loosely: RegExp }[] = [
  {
    asked:
      /\b(own|owns|owned|owner|owners|proprietor|started|founded|set up|opened|runs|run|running|in charge|boss)\b/i,
    stated: /\b(own|owns|owned|owner|owners|proprietor|started|founded|founder|set up|opened|run by|family firm)\b/i,
    loosely: /\b(runs|director|in charge|boss)\b/i,
  },
  {
    asked: /\b(manager|manages|manage|managing)\b/i,
    stated: /\b(manager|manages|managing)\b/i,
    loosely: /\b(runs|run by|in charge)\b/i,
  },
  { asked: /\bhead\b/i, stated: /\bhead\b/i, loosely: /\b(lead|senior)\b/i },
];

/** Two or more capitalised words in a row (accents and "Ó" included): a person's name. */
const PERSON = /\b[A-ZÀ-Þ][a-zà-ÿ'’]+(?:\s+(?:[A-ZÀ-Þ][a-zà-ÿ'’]*))+/;
/** Job nouns: a sentence naming a person at work. */
const JOB =
  /\b(owner|founder|director|manager|stylist|barber|colou?rist|therapist|technician|engineer|electrician|plumber|baker|chef|cook|decorator|apprentice|specialist|consultant|receptionist|assistant|partner|head|lead|senior|junior|trainee|qualified|expert)s?\b/i;
/** Words that ask "who", not "about what". */
const GENERIC = [
  'who',
  'does',
  'do',
  'owns',
  'own',
  'owner',
  'runs',
  'run',
  'manager',
  'manages',
  'best',
  'good',
  'someone',
  'anyone',
  'staff',
  'member',
  'team',
];

export async function answerWho(
  tools: AssistantTools,
  message: string,
  businessWords: string[],
): Promise<Answer | null> {
  if (!WHO.test(message) || /\bwho (am i|are you)\b/i.test(message)) return null;
  const role = ROLES.find((entry) => entry.asked.test(message));
  const topic = questionTerms(message, [...GENERIC, ...businessWords]).filter((term) => term.specific);
  if (!role && !topic.length) return null;
  const hits = await tools.searchKnowledge(
    role ? `${message} owner founded runs manager` : `${message} team stylist specialist`,
    8,
  );
  let best: { text: string; hit: (typeof hits)[number]; score: number } | null = null;
  for (const hit of hits) {
    for (const line of cleanPassage(hit.text).split(/\n+/)) {
      for (const sentence of sentences(line)) {
        if (!PERSON.test(sentence.replace(/^\W+/, ''))) continue;
        // A person with a role: "… started by Dan Okafor", "Aoife – owner", "Tomás – barber, fades".
        let score: number;
        // A sentence stating the role ("owner", "opened by") beats one that only comes near it ("runs the workshops").
        if (role) score = role.stated.test(sentence) ? 2 : role.loosely.test(sentence) ? 1 : 0;
        else {
          const keys = termKeys(sentence);
          const held = topic.filter((term) => keys.has(term.key)).length;
          score =
            (JOB.test(sentence) || /^[^–—:]{3,40}\s[–—-]\s/.test(sentence)) && held * 2 >= topic.length ? held : 0;
        }
        if (score > 0 && (!best || score > best.score))
          best = {
            text: sentence
              .replace(/\*\*|__/g, '')
              .replace(/^[-•*#\s]+/, '')
              .trim(),
            hit,
            score,
          };
      }
    }
  }
  if (!best) return null;
  return { text: /[.!?]$/.test(best.text) ? best.text : `${best.text}.`, sources: [hitSource(best.hit)] };
}
