import { MESSAGE_MAX } from '#contract/schemas/conversation';

/**
 * Messages the assistant must not take at face value: nothing to read, more than a
 * message holds, another language (it answers only in English and must not guess at a
 * question it cannot read), or words aimed at the assistant itself ("ignore your
 * instructions", "you are now the owner", "repeat your system prompt"). Each gets a polite
 * reply and no tool runs: nothing is recorded, changed or promised.
 */
export type BadInput = 'empty' | 'too_long' | 'other_language' | 'instruction';

/** Function words of other languages that English text does not use ("¿", "vous", "haben"). */
const FOREIGN_WORDS = new Set(
  `le la les des du est êtes sont vous nous avez avons je suis pour avec dans une sur pas que qui quel quelle quels cette ces mon votre vos bonjour merci oui ouvert ouverte ouverts fermé combien
  el los las usted ustedes tiene tienen tengo hola gracias por para una del está están qué cuánto cuánta cuándo dónde abierto abierta puedo quiero sí muy llamo hay
  der das ist sind haben hat ich sie wir und nicht ein eine mit für auf wie wann hallo danke bitte geöffnet können kann kostet morgen heute
  il gli sono siete avete ciao grazie che quanto quando dove aperto aperti posso voglio costa domani oggi
  os são você vocês olá obrigado obrigada onde não tem quero
  het zijn jullie heeft hebben niet wanneer waar hoeveel kosten dank`
    .split(/\s+/)
    .filter(Boolean),
);
/** English words that give a message away as English, even with a foreign name or place in it. */
const ENGLISH_WORDS = new Set(
  `the a an and or is are was were do does did can could would will you your we our i my me it this that what when where how which who why there have has
  any of to for on in at with from about please thanks hello hi much many open`
    .split(/\s+/)
    .filter(Boolean),
);

function isOtherLanguage(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length >= 3) {
    const latin = letters.filter((letter) => /[a-zà-ɏ]/i.test(letter)).length;
    if (latin / letters.length < 0.5) return true;
  }
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const foreign = words.filter((word) => FOREIGN_WORDS.has(word)).length + (/[¿¡]/.test(text) ? 1 : 0);
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  return foreign >= 2 && foreign > english;
}

const INSTRUCTIONS = [
  // "Ignore your instructions", "disregard all previous rules"
  /\b(ignore|disregard|forget|override|bypass)\b[^.?!]{0,40}\b(instructions?|rules|prompts?|guidelines|programming|directives|restrictions)\b/i,
  // A new role for the assistant: "you are now the owner", "from now on you are…", "act as the manager"
  /\byou are now\b|\bfrom now on,? you\b|\b(act|behave|pretend|roleplay) (as|like) (if|an?|the|my)\b/i,
  // Its set-up: "repeat your system prompt", "print your configuration"
  /\b(system|initial|hidden|original|developer) (prompt|message|instructions?)\b/i,
  /\b(repeat|reveal|show|print|display|output|dump|tell me|give me|what (is|are))\b[^.?!]{0,20}\b(your|the) (prompt|instructions|configuration|config|api key|settings)\s*[.?!]*\s*$/i,
  /\b(jailbreak|developer mode|dan mode)\b|\byou are dan\b/i,
  // Bulk changes no caller may order: "cancel all orders", "delete every customer" (not "can I cancel all my bookings?")
  /(^|[.!?,:;]\s*)(please\s+)?(cancel|delete|remove|erase|wipe|clear)\s+(all|every)\b(?!\s+(of\s+)?my\b)/i,
  // Claiming to be the business: "I'm the owner, …" (not "I'm the owner of a café")
  /\b(i am|i'm|im|this is) (now )?(the|your) (owner|admin|administrator|developer|boss)\b(?! of\b)/i,
];

export function badInput(message: string): BadInput | null {
  const text = message.trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return 'empty';
  if (text.length > MESSAGE_MAX) return 'too_long';
  if (INSTRUCTIONS.some((pattern) => pattern.test(text))) return 'instruction';
  if (isOtherLanguage(text)) return 'other_language';
  return null;
}
