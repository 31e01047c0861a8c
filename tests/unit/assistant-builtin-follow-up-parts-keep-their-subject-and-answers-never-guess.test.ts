import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import type { BusinessContext, HistoryMessage, ServiceFact } from '#api/services/assistant/types';
import { business as builtinBusiness, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * No guessed answers: the second part of a two-part question, and a follow-up turn, keep the
 * subject asked about first (and are not answered with the price already given); "how long"
 * is answered from the service's own description; a caller's own number ("45 minutes late")
 * is not matched to an unrelated sentence holding it; "what happens if…" is answered with the
 * sentence that says what it costs. Made-up businesses: a florist, a dog groomer, a physio, a
 * yoga studio.
 */
const business = (name: string, services: ServiceFact[]) =>
  builtinBusiness(name, services, [], { assistant: { capture_bookings: true } });
const ask = (biz: BusinessContext, message: string, hits: ApiKnowledgeHit[] = [], history: HistoryMessage[] = []) =>
  run(biz, message, { hits, history });

const FLORIST = business('Petal & Stem', [
  service('Wedding bouquet', 'From £120', 'Hand-tied bridal bouquets in seasonal flowers.'),
  service('Funeral wreath', '£60'),
]);
const FLORIST_PASSAGES = [
  passage(
    'Ordering',
    "A funeral wreath needs 2 days' notice.\nA wedding bouquet needs at least 6 weeks' notice, and a £30 deposit secures the date.",
  ),
];

describe("a second part with no subject of its own keeps the first part's subject", () => {
  it('"How much is X and how much notice do you need?": the price, then the notice for X (not another thing\'s)', async () => {
    const { text } = await ask(
      FLORIST,
      'How much is a wedding bouquet and how much notice do you need?',
      FLORIST_PASSAGES,
    );
    expect(text).toMatch(/£120/);
    expect(text).toMatch(/6 weeks/);
    expect(text).not.toMatch(/2 days|£60/);
  });

  it("a follow-up turn reads with the previous question's subject", async () => {
    const history: HistoryMessage[] = [
      { role: 'user', content: 'Do you make wedding bouquets?' },
      { role: 'assistant', content: 'Yes, we make wedding bouquets: hand-tied bridal bouquets in seasonal flowers.' },
    ];
    const { text } = await ask(FLORIST, 'And how much notice would you need?', FLORIST_PASSAGES, history);
    expect(text).toMatch(/6 weeks/);
    expect(text).not.toMatch(/2 days/);
  });

  it('a follow-up that names its own subject is left alone', async () => {
    const history: HistoryMessage[] = [
      { role: 'user', content: 'Do you make wedding bouquets?' },
      { role: 'assistant', content: 'Yes, we make wedding bouquets.' },
    ];
    const { text } = await ask(FLORIST, 'How much notice do you need for a funeral wreath?', FLORIST_PASSAGES, history);
    expect(text).toMatch(/2 days/);
    expect(text).not.toMatch(/6 weeks/);
  });
});

const GROOMER = business('Fluff & Fold', [
  service('Full groom', 'From £45', 'Bath, dry, clip and nail trim. Allow 2½ hours for a large dog.'),
  service('Nail trim', '£10'),
]);
const GROOMER_PASSAGES = [
  passage('Team', "Jo Marsh – head groomer, 12 years' experience with full grooms and hand stripping."),
];

describe('"how long does it take?" after a price: the length the service gives, not the price again', () => {
  it('price and length from the service, no staff bio', async () => {
    const { text } = await ask(GROOMER, 'How much is a full groom and how long does it take?', GROOMER_PASSAGES);
    expect(text).toMatch(/£45/);
    expect(text).toMatch(/2½ hours/);
    expect(text).not.toMatch(/12 years/);
  });
});

const PHYSIO = business('Back on Track Physio', [
  service('First assessment', '£55', 'A full assessment and treatment plan.'),
]);
const PHYSIO_PASSAGES = [
  passage('Sessions', 'A first assessment lasts about 45 minutes and follow-up sessions about 30 minutes.'),
  passage('Arriving late', 'If you arrive late, we will still see you but your session will end at the booked time.'),
];

describe("a caller's own number is no answer", () => {
  it('"running 30 minutes late" is not answered with a sentence that merely holds "30 minutes"', async () => {
    const { text } = await ask(PHYSIO, "I'm running about 30 minutes late, is that ok?", PHYSIO_PASSAGES);
    expect(text).not.toMatch(/follow-up sessions|first assessment lasts/i);
  });
});

const YOGA = business('Stillpoint Yoga', [service('Drop-in class', '£12')]);
const YOGA_PASSAGES = [
  passage(
    'Cancelling a class',
    "Please give us 12 hours' notice to cancel a class booking.\nA class cancelled with less notice is charged in full, and a no-show loses the class from a pass.",
  ),
];

describe('"what happens if…" is answered with what it costs', () => {
  it('the charge, not only the notice rule that comes first', async () => {
    const { text } = await ask(YOGA, 'What happens if I cancel a class?', YOGA_PASSAGES);
    expect(text).toMatch(/charged in full/);
  });
});

const LOCKSMITH = business('Keyway Locksmiths', [service('Lock change', 'From £85')]);

describe('"how soon" is answered by what says how soon the job can be done', () => {
  it('not by a clause about something else that happens "within" a time', async () => {
    const passages = [
      passage('Lock changes', 'A lock change takes about an hour; the new keys are cut and posted within 3 days.'),
      passage('Availability', 'Lock changes are usually booked within 2 working days.'),
    ];
    const { text } = await ask(LOCKSMITH, 'How soon could you do a lock change?', passages);
    expect(text).toMatch(/2 working days/);
    expect(text).not.toMatch(/posted within 3 days/);
  });
});
