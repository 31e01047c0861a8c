import { classify } from '#api/services/assistant/builtin/intents';

/** What a caller's words mean for the call (a person wanted, a goodbye) and what a voice may read out. */
const PERSON_WORDS =
  /\b(person|human|someone|somebody|staff|operator|manager|representative|receptionist|agent|owner)\b/;
const SPEAK_TO =
  /\b(speak|talk) (to|with) (a |an |the |your |one of )?(real |actual |live )?(person|human|someone|somebody|anyone|anybody|staff|operator|manager|representative|receptionist|agent|owner|member of (staff|the team)|people)\b/;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** "Can I speak to a person?", "operator", "a human please": the caller wants a person now. */
export function wantsPerson(text: string): boolean {
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  const intents = classify(text);
  if (intents.request === 'person') return true;
  if (intents.request === 'callback' || intents.request === 'booking') return false;
  if (SPEAK_TO.test(lower)) return true;
  return PERSON_WORDS.test(lower) && wordCount(lower) <= 6 && !/\?\s*$/.test(lower);
}

/** "Bye", "that's all, thanks": the caller is done. */
export function saysGoodbye(text: string): boolean {
  const intents = classify(text);
  return intents.goodbye && (intents.smallTalkOnly || wordCount(text) <= 5);
}

/** Markdown and other marks a voice should not read out. */
export function spoken(text: string): string {
  const plain = text
    .replace(/\[([^\]]+)\]\((https?:[^)]+)\)/g, '$1')
    .replace(/\*\*|__|[*`]|^\s*#+\s*|^\s*>\s*/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 1500 ? `${plain.slice(0, 1499)}…` : plain;
}
