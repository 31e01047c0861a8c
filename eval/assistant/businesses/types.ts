import type { StoredBusinessSettings } from '#contract/schemas/business-settings';

/**
 * A business as its owner sets it up in the app: the business record (step 3 of the wizard),
 * the settings page (weekly hours, special dates, the assistant), services with prices,
 * products (`product` memories), pasted text, the answers to the onboarding questions and
 * uploaded documents. eval/assistant/seed.ts creates it through the real v1 API.
 */
export type OwnerSetup = {
  owner: { name: string };
  business: { name: string; email: string; country: string; timezone: string; telephones: string[]; address: string };
  settings: Pick<StoredBusinessSettings, 'opening_hours' | 'overwrites'> & {
    assistant: {
      name: string;
      tone: 'friendly' | 'professional' | 'concise';
      when_unsure: 'take_message' | 'offer_callback' | 'transfer';
      capture_bookings: boolean;
    };
  };
  services: { name: string; price: string; description: string }[];
  /** Product memories: the title is the product's name, the content describes it with its price. */
  products: { title: string; content: string }[];
  /** Text the owner pasted in (an FAQ, a price list): `text` memories. */
  texts: { title: string; content: string }[];
  /** The onboarding questions the owner answered: `answered_question` memories. */
  answers: { question: string; answer: string }[];
  /** Files uploaded on the knowledge page, read by the real extraction path. */
  uploads: { name: string; type: string; bytes: () => Uint8Array }[];
};
