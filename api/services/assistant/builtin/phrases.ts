import type { AssistantSettings } from '#contract/schemas/business-settings';

/**
 * The assistant's own words (never facts: those come from the business's data). The tone
 * setting changes wording only: friendly is warm, professional is formal, concise is short.
 */
export type Tone = AssistantSettings['tone'];

type Wording = {
  hello: string;
  howCanIHelp: string;
  /** A greeting later in a conversation: never a second hello. */
  welcomeBack: string;
  youreWelcome: string;
  goodbye: string;
  unsure: string;
  passedOn: string;
  unsureCallback: string;
  unsureTransfer: (phone: string) => string;
  askDetails: (missing: string) => string;
  askAgain: (missing: string) => string;
  /** Only the time is missing (the words "when would suit you" mark the question for the next turn). */
  askTime: (first: boolean) => string;
  /** A name or number corrected on the time turn ("your number to 07700900123"), the time asked again. */
  correctedAskTime: (what: string) => string;
  confirmTask: (name: string | null) => string;
  noProblem: string;
  bookingOffer: string;
  noCapture: string;
  personTransfer: (phone: string) => string;
  personMessage: string;
  reachTeam: string;
  /** An empty message, or one of punctuation only. */
  notCaught: string;
  /** More than one message holds. */
  tooLong: string;
  /** A message in another language; `then` offers to pass it on (details, or the number to call). */
  englishOnly: (then: string) => string;
  leaveDetails: string;
  /** Words aimed at the assistant itself: what it can do instead. */
  declineInstruction: (business: string) => string;
};

const FRIENDLY: Wording = {
  hello: 'Hello!',
  howCanIHelp: 'How can I help you today?',
  welcomeBack: 'What else can I help you with?',
  youreWelcome: "You're very welcome! Is there anything else I can help with?",
  goodbye: 'Thanks for getting in touch. Have a lovely day!',
  unsure: "I'm not sure about that; I've passed your question to the team and someone will get back to you.",
  passedOn: "I've passed your question to the team and someone will get back to you.",
  unsureCallback: "If you'd like a call back, just tell me your name and number.",
  unsureTransfer: (phone) => `If it's urgent, you can reach the team on ${phone}.`,
  askDetails: (missing) => `I'd be happy to arrange that. Could I take ${missing}?`,
  askAgain: (missing) => `Thanks! Could I also take ${missing}?`,
  askTime: (first) =>
    first ? "I'd be happy to arrange that. When would suit you?" : 'Thanks! And when would suit you?',
  correctedAskTime: (what) => `Thanks, I've changed ${what}. And when would suit you?`,
  confirmTask: (name) =>
    `Thank you${name ? `, ${name}` : ''}! I've passed this to the team and someone will be in touch to confirm.`,
  noProblem: 'No problem at all. Is there anything else I can help with?',
  bookingOffer: "If you'd like, I can take your details now and the team will arrange it.",
  noCapture: "I can't take bookings myself, but the team will be glad to help.",
  personTransfer: (phone) => `Of course. You can reach a member of the team on ${phone}.`,
  personMessage: "Of course. I'll ask a member of the team to call you back.",
  reachTeam: 'Of course. You can reach the team directly.',
  notCaught: "Sorry, I didn't catch that. How can I help you today?",
  tooLong: "That's a long message! Could you ask your question in a sentence or two?",
  englishOnly: (then) => `I'm sorry, I can only help in English. Please ask me in English, ${then}`,
  leaveDetails: "or tell me your name and number and I'll pass your message to the team.",
  declineInstruction: (business) =>
    `Sorry, I can't do that. I'm happy to help with questions about ${business}, such as our services, prices and opening times.`,
};

const PROFESSIONAL: Wording = {
  hello: 'Good day.',
  howCanIHelp: 'How may I help you?',
  welcomeBack: 'How else may I help?',
  youreWelcome: 'You are welcome. Is there anything else I can help you with?',
  goodbye: 'Thank you for contacting us. Goodbye.',
  unsure:
    "I'm not sure about that, I'm afraid; I've passed your question to the team and someone will get back to you.",
  passedOn: "I've passed your question to the team and someone will get back to you.",
  unsureCallback: 'If you would like a call back, please give me your name and telephone number.',
  unsureTransfer: (phone) => `For an urgent matter, the team can be reached on ${phone}.`,
  askDetails: (missing) => `Certainly. May I take ${missing}?`,
  askAgain: (missing) => `Thank you. May I also take ${missing}?`,
  askTime: (first) => (first ? 'Certainly. When would suit you?' : 'Thank you. And when would suit you?'),
  correctedAskTime: (what) => `Thank you, I have changed ${what}. And when would suit you?`,
  confirmTask: (name) =>
    `Thank you${name ? `, ${name}` : ''}. I have passed your request to the team, who will contact you to confirm.`,
  noProblem: 'Certainly. Is there anything else I can help you with?',
  bookingOffer: 'If you wish, I can take your details now and the team will arrange it.',
  noCapture: 'I am unable to take bookings myself; the team will be pleased to help.',
  personTransfer: (phone) => `Certainly. A member of the team can be reached on ${phone}.`,
  personMessage: 'Certainly. I will ask a member of the team to call you back.',
  reachTeam: 'Certainly. You may contact the team directly.',
  notCaught: "I'm sorry, I didn't catch that. How may I help you?",
  tooLong: 'That is a long message. Could you put your question in a sentence or two?',
  englishOnly: (then) => `I'm sorry, I can only assist in English. Please ask in English, ${then}`,
  leaveDetails: 'or give me your name and number and I will pass your message to the team.',
  declineInstruction: (business) =>
    `I'm sorry, I can't do that. I can help with questions about ${business}: our services, prices and opening times.`,
};

const CONCISE: Wording = {
  hello: 'Hi.',
  howCanIHelp: 'How can I help?',
  welcomeBack: 'What else?',
  youreWelcome: "You're welcome. Anything else?",
  goodbye: 'Thanks. Bye!',
  unsure: "I'm not sure about that; I've passed your question to the team and someone will get back to you.",
  passedOn: "I've passed your question to the team and someone will get back to you.",
  unsureCallback: 'For a call back, give me your name and number.',
  unsureTransfer: (phone) => `Urgent? Call the team on ${phone}.`,
  askDetails: (missing) => `Sure. ${capitalizeFirst(missing)}, please?`,
  askAgain: (missing) => `Thanks. And ${missing}?`,
  askTime: (first) => (first ? 'Sure. When would suit you?' : 'Thanks. And when would suit you?'),
  correctedAskTime: (what) => `Changed ${what}. And when would suit you?`,
  confirmTask: (name) => `Thanks${name ? `, ${name}` : ''}. The team will be in touch to confirm.`,
  noProblem: 'OK. Anything else?',
  bookingOffer: 'I can take your details now if you like.',
  noCapture: "I can't take bookings myself; the team can.",
  personTransfer: (phone) => `You can reach the team on ${phone}.`,
  personMessage: "I'll ask the team to call you back.",
  reachTeam: 'You can reach the team directly.',
  notCaught: "Sorry, I didn't catch that. How can I help?",
  tooLong: 'Too long for me. Could you ask in a sentence or two?',
  englishOnly: (then) => `Sorry, I can only help in English. Ask me in English, ${then}`,
  leaveDetails: "or tell me your name and number and I'll pass it on.",
  declineInstruction: (business) =>
    `Sorry, I can't do that. Ask me about ${business}'s services, prices or opening times.`,
};

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function wording(tone: Tone): Wording {
  return tone === 'professional' ? PROFESSIONAL : tone === 'concise' ? CONCISE : FRIENDLY;
}

/** "your name, the best number to reach you on and when suits you". */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
