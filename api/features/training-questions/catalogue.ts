import type { BusinessProfile, Offering } from './business-profile';

/**
 * The questions onboarding step 5 may propose: the ones every business is asked, the ones
 * callers ask a business of its kind (see business-profile.ts), and some about its own
 * services and products ("How much is a full head colour?"). Ordered by how often callers
 * ask them, most frequent first.
 */
export type TrainingQuestion = {
  /** Stable per business (meta.training_key), so a question is proposed once whatever became of it. */
  key: string;
  title: string;
  question: string;
  /**
   * Short phrasings of the fact: any one whose words all appear in one passage of the
   * knowledge base means the question is already answered. Several catch the different
   * ways a website words the same fact.
   */
  probes: string[];
  /** A passage found for the question answers it (a price or a duration beside a service's name). */
  answeredIn?: (passage: string) => boolean;
  /** Business data that answers it without any memory (services, products, address, opening hours). */
  answeredBy?: (profile: BusinessProfile) => boolean;
  /** Whether callers ask a business like this one (unset: every business). */
  fits?: (profile: BusinessProfile) => boolean;
};

/** It mostly comes out to people. */
const comesOut = (p: BusinessProfile) => p.traits.visits === 'main';
/** It mostly sees people by appointment (and does not mostly go to them). */
const seesPeople = (p: BusinessProfile) => p.traits.appointments === 'main' && !comesOut(p);
/** Some of what it does is booked (a class, a consultation), even if it is mostly a shop. */
const takesBookings = (p: BusinessProfile) => p.traits.appointments !== 'none' && !comesOut(p);
/** It is mostly a shop. */
const sellsGoods = (p: BusinessProfile) => p.traits.goods === 'main';
/** It sells food or drink, even on the side. */
const sellsFood = (p: BusinessProfile) => p.traits.goods !== 'none' && p.traits.food;
/** Nobody parks at a business that only comes out to them. */
const visitsOnly = (p: BusinessProfile) => comesOut(p) && p.traits.appointments === 'none' && !p.hasAddress;

/** What every business is asked, most asked first (a business that has told us nothing gets exactly these). */
export const TRAINING_QUESTIONS: readonly TrainingQuestion[] = [
  {
    key: 'opening_hours',
    title: 'Opening hours',
    question: 'What are your opening hours?',
    probes: [
      'opening hours',
      'opening times',
      'business hours',
      'open monday',
      'open weekdays',
      'open saturday',
      'closed sunday',
      'hours monday',
    ],
    answeredBy: (p) => p.hasOpeningHours,
  },
  {
    key: 'prices',
    title: 'Prices',
    question: 'How much do you charge?',
    probes: ['price', 'prices', 'pricing', 'cost', 'fee', 'rates', 'charge'],
    answeredBy: (p) => [...p.services, ...p.products].some((offering) => offering.priced),
  },
  {
    key: 'services_offered',
    title: 'Services offered',
    question: 'What services do you offer?',
    probes: ['our services', 'we offer', 'we provide', 'we specialise', 'we specialize'],
    answeredBy: (p) => p.services.length > 0 || p.products.length > 0,
  },
  {
    key: 'location',
    title: 'Location',
    question: 'Where are you located?',
    probes: ['located', 'our address', 'find us', 'directions'],
    answeredBy: (p) => p.hasAddress,
  },
  {
    key: 'payment_methods',
    title: 'Payment methods',
    question: 'Which payment methods do you accept?',
    probes: ['payment methods', 'accept payment', 'credit card', 'debit card', 'cash', 'bank transfer', 'pay card'],
  },
  {
    key: 'parking',
    title: 'Parking',
    question: 'Is there parking nearby?',
    probes: ['parking', 'car park', 'park car'],
    fits: (p) => !visitsOnly(p),
  },
];

/** What callers ask a business of a kind. */
const KIND_QUESTIONS: readonly TrainingQuestion[] = [
  {
    key: 'booking',
    title: 'Booking',
    question: 'How do I book an appointment?',
    probes: ['book appointment', 'booking', 'make appointment', 'reservation', 'book online', 'schedule visit'],
    fits: takesBookings,
  },
  {
    key: 'booking',
    title: 'Booking',
    question: 'How do I book a visit?',
    probes: ['book visit', 'booking', 'book appointment', 'book online', 'schedule visit', 'arrange visit'],
    fits: (p) => comesOut(p) && !seesPeople(p),
  },
  {
    key: 'walk_ins',
    title: 'Walk-ins',
    question: 'Do you take walk-ins?',
    probes: ['walk ins', 'walk-ins', 'walkins'],
    fits: seesPeople,
  },
  {
    key: 'delivery',
    title: 'Delivery',
    question: 'Do you deliver, and to which areas?',
    probes: ['deliver', 'delivery', 'delivering', 'postage', 'shipping'],
    fits: sellsGoods,
  },
  {
    key: 'order_ahead',
    title: 'Ordering ahead',
    question: 'How far ahead do I need to order?',
    probes: ['notice order', 'order advance', 'days notice', 'hours notice', 'order ahead', 'pre-order', 'preorder'],
    fits: sellsGoods,
  },
  {
    key: 'area_served',
    title: 'Area served',
    question: 'Which areas do you cover?',
    probes: ['areas cover', 'area cover', 'service area', 'areas serve', 'area serve', 'coverage area', 'we cover'],
    fits: comesOut,
  },
  {
    key: 'emergency',
    title: 'Emergency call-outs',
    question: 'Do you do emergency call-outs?',
    probes: ['emergency', 'urgent', '24/7', 'call out'],
    fits: comesOut,
  },
  {
    key: 'dietary',
    title: 'Allergies and diets',
    question: 'Do you have anything for allergies or special diets, like gluten-free or vegan?',
    probes: ['allergen', 'allergens', 'allergy', 'allergies', 'gluten', 'vegan', 'dairy free', 'nut free', 'dietary'],
    fits: sellsFood,
  },
  {
    key: 'cancellations',
    title: 'Cancellations',
    question: 'What is your cancellation policy?',
    probes: ['cancellation', 'cancel', 'reschedule'],
    fits: (p) => takesBookings(p) || comesOut(p),
  },
  {
    key: 'quotes',
    title: 'Quotes',
    question: 'Do you give free quotes or estimates?',
    probes: ['quote', 'quotes', 'estimate', 'quotation'],
    fits: comesOut,
  },
  {
    key: 'availability',
    title: 'Availability',
    question: 'How soon can you come out?',
    probes: ['same day', 'next day', 'availability', 'lead time', 'waiting list'],
    fits: comesOut,
  },
  {
    key: 'appointment_availability',
    title: 'Next free appointment',
    question: 'How soon can I get an appointment?',
    probes: ['same day', 'next day', 'availability', 'waiting list', 'fully booked'],
    fits: (p) => seesPeople(p) && !comesOut(p),
  },
  {
    key: 'returns',
    title: 'Returns and refunds',
    question: 'Can I return or exchange something I bought?',
    probes: ['refund', 'refunds', 'return', 'returns', 'exchange'],
    fits: sellsGoods,
  },
  {
    key: 'gift_vouchers',
    title: 'Gift vouchers',
    question: 'Do you sell gift vouchers?',
    probes: ['gift voucher', 'gift vouchers', 'gift card', 'gift cards'],
    fits: (p) => seesPeople(p) || sellsGoods(p),
  },
  {
    key: 'guarantee',
    title: 'Guarantee',
    question: 'Do you guarantee your work?',
    probes: ['guarantee', 'warranty', 'guaranteed'],
    fits: comesOut,
  },
];

/** How many services or products get questions of their own (the first ones the owner entered). */
const PER_OFFERING = 3;

const PRICE_IN_TEXT = /[£$€]\s?\d|\b\d+(\.\d{2})?\s?(p|pence|pounds|dollars|euros)\b|\bfree\b/i;
const DURATION_IN_TEXT = /\b\d+(\.\d+)?\s?(min|mins|minutes|hr|hrs|hour|hours)\b|\b(an|half an) hour\b/i;

/**
 * How a service or product reads inside a question: "a full head colour", "an EV charger
 * installation", "a kids cut" (for "Kids cut (under 12)"), or "wedding cakes" and "dog
 * grooming" (plurals and activities take no article). Words capitalised only as a title are lowered; acronyms and brand spellings
 * (EV, EICR, iPhone) keep theirs.
 */
export function spokenName(name: string): { phrase: string; plural: boolean } {
  const words = name
    .replace(/\s*\([^)]*\)/g, '')
    .trim()
    .split(/\s+/)
    .map((word) => (/^\p{Lu}?[^\p{Lu}]*$/u.test(word) ? word.toLowerCase() : word));
  const last = (words.at(-1) ?? '').toLowerCase();
  const plural = /[^su'’]s$/.test(last) && !/(ss|us|is|as|ics)$/.test(last);
  const phrase = words.join(' ');
  // Plurals and activities ("tutoring", "gardening") read without an article.
  if (plural || /ing$/.test(last)) return { phrase, plural };
  const vowelSound = /^[aeiou]/i.test(phrase)
    ? !/^(uni|use|usu|eu|one)/i.test(phrase)
    : /^[A-Z]{2,}/.test(phrase) && /^[AEFHILMNORSX]/.test(phrase);
  return { phrase: `${vowelSound ? 'an' : 'a'} ${phrase}`, plural };
}

/** The passage names it (every word of its name, roughly) and says the fact. */
const namedWith = (name: string, fact: RegExp) => {
  const stems = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2)
    .map((word) => word.slice(0, Math.max(4, word.length - 2)));
  return (passage: string) => {
    const lower = passage.toLowerCase();
    return stems.every((stem) => lower.includes(stem)) && fact.test(passage);
  };
};

function priceQuestion(kind: 'service' | 'product', offering: Offering): TrainingQuestion {
  return {
    key: `${kind}_price:${offering.id}`,
    title: `Price of ${offering.name}`.slice(0, 300),
    question: ((spoken) => `How much ${spoken.plural ? 'are' : 'is'} ${spoken.phrase}?`)(spokenName(offering.name)),
    probes: [`${offering.name} price`, `${offering.name} cost`],
    answeredIn: namedWith(offering.name, PRICE_IN_TEXT),
  };
}

function durationQuestion(offering: Offering): TrainingQuestion {
  return {
    key: `service_duration:${offering.id}`,
    title: `How long ${offering.name} takes`.slice(0, 300),
    question: ((spoken) => `How long ${spoken.plural ? 'do' : 'does'} ${spoken.phrase} take?`)(
      spokenName(offering.name),
    ),
    probes: [`${offering.name} minutes`, `${offering.name} hour`],
    answeredIn: namedWith(offering.name, DURATION_IN_TEXT),
  };
}

const where = (list: readonly TrainingQuestion[], key: string) => list.filter((question) => question.key === key);

/** The questions that fit this business, most asked first; whether each is answered is checked after. */
export function candidateQuestions(profile: BusinessProfile): TrainingQuestion[] {
  const fitting = (list: readonly TrainingQuestion[]) =>
    list.filter((question) => !question.fits || question.fits(profile));
  const generic = fitting(TRAINING_QUESTIONS);
  const kind = fitting(KIND_QUESTIONS);
  const prices = [
    ...profile.services
      .filter((service) => !service.priced)
      .slice(0, PER_OFFERING)
      .map((service) => priceQuestion('service', service)),
    ...profile.products
      .filter((product) => !product.priced)
      .slice(0, PER_OFFERING)
      .map((product) => priceQuestion('product', product)),
  ];
  const durations = seesPeople(profile) ? profile.services.slice(0, PER_OFFERING).map(durationQuestion) : [];
  const pick = (keys: string[], list: readonly TrainingQuestion[]) => keys.flatMap((key) => where(list, key));
  return [
    ...pick(['opening_hours', 'prices'], generic),
    ...prices,
    ...pick(['services_offered'], generic),
    ...pick(['booking', 'walk_ins', 'delivery', 'order_ahead'], kind),
    ...pick(['location'], generic),
    ...pick(['area_served', 'emergency', 'dietary'], kind),
    ...pick(['payment_methods'], generic),
    ...pick(['cancellations', 'quotes', 'availability', 'appointment_availability'], kind),
    ...durations,
    ...pick(['returns', 'gift_vouchers'], kind),
    ...pick(['parking'], generic),
    ...pick(['guarantee'], kind),
  ];
}
