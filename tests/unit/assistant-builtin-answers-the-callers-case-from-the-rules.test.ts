import { describe, expect, it } from 'vitest';
import { classify } from '#api/services/assistant/builtin/intents';
import { business, faq, passage, run, service, tools as recordingTools } from '#tests/support/builtin-assistant';

/**
 * Questions about a business's rules asked as the caller's own case or as a request: an age
 * rule for "my 9 year old", insurance for "am I covered?", a minimum stay for "can I book just
 * one night?". Checked on made-up businesses (a climbing wall, a carpet cleaner, a sports
 * massage clinic, a campsite), never with the evaluation's words.
 */

describe('a person of the caller named by age is answered by the age rule', () => {
  const WALL = business('Crux Climbing', [
    service('Taster session', '£18', 'An hour on the walls with an instructor.'),
  ]);
  const hits = [
    passage('Visiting', 'Wear loose clothes and flat shoes. Lockers are free.'),
    faq(
      'Do you let kids climb?',
      'Yes, children aged 6 and over can climb. Under-14s must be supervised by a climbing adult at all times.',
    ),
  ];

  it('"can my 9 year old son have a go?" gets the age and the condition with it', async () => {
    const { text, kit } = await run(WALL, 'can my 9 year old son have a go with me?', { hits });
    expect(text).toMatch(/aged 6 and over/);
    expect(text).toMatch(/Under-14s must be supervised/);
    expect(kit.questions).toHaveLength(0);
  });

  it('"is it alright to bring our little one? he\'s 3" gets the age rule too', async () => {
    const { text } = await run(WALL, "is it alright to bring our little one? he's 3", { hits });
    expect(text).toMatch(/aged 6 and over/);
  });

  it('an age in weeks or a pet is no person of the caller', async () => {
    const { text } = await run(WALL, 'can my 3 year old spaniel come in with me?', { hits });
    expect(text).not.toMatch(/aged 6/);
  });
});

describe('"am I covered?" asks about insurance when the business speaks of it, not the areas covered', () => {
  const CLEANER = business('Fresh Pile Carpets', [
    service('Carpet clean', '£60 a room', 'Hot water extraction, dry in four hours.'),
  ]);
  const hits = [
    passage('Where we work', 'We cover Leeds, Bradford and Wakefield, and every LS postcode.'),
    passage(
      'Insurance',
      'All our work is covered by £2 million public liability insurance. Rugs you move yourself are covered for loss only, not for damage.',
    ),
  ];

  it('"if your machine ruins my sofa am I covered?" is answered with the insurance', async () => {
    const { text, kit } = await run(CLEANER, 'if your machine ruins my sofa am I covered?', { hits });
    expect(text).toMatch(/public liability insurance/);
    expect(text).not.toMatch(/Bradford/);
    expect(kit.questions).toHaveLength(0);
  });

  it('the sentence on the caller\'s own case is chosen ("I move the rug myself")', async () => {
    const { text } = await run(CLEANER, 'if i move the rugs myself and one gets damaged, is that covered', { hits });
    expect(text).toMatch(/loss only/);
  });

  it('"can I use my Vitality cover?" is answered by the sentence naming that insurer', async () => {
    const clinic = business('Loosen Up Massage', [service('Sports massage', '£50', 'Sixty minutes.')]);
    const kit = recordingTools([
      faq(
        'Do you take health insurance?',
        'Yes, we are registered with Vitality, AXA and WPA. Bring your authorisation code to your first session.',
      ),
    ]);
    const { text } = await run(clinic, 'Can I use my Vitality cover with you?', { kit });
    expect(text).toMatch(/registered with Vitality/);
  });
});

describe('a booking asked as a question about a rule is answered by the rule before a booking is taken', () => {
  const CAMPSITE = business('Beckside Camping', [
    service('Tent pitch', '£24 per night', 'A grass pitch for one tent.'),
  ]);
  const hits = [
    faq(
      'Do you have a minimum stay?',
      'On bank holiday weekends we only take bookings of three nights or more. Any other time, one night is fine.',
    ),
  ];

  it('"can I book just the Sunday of the bank holiday?" hears the minimum stay and the offer to book', async () => {
    const { text, kit } = await run(CAMPSITE, 'can i book just the sunday of the bank holiday?', { hits });
    expect(text).toMatch(/three nights or more/);
    expect(text).toMatch(/take your details/);
    expect(text).not.toMatch(/Could I take your name/);
    expect(kit.tasks).toHaveLength(0);
  });

  it('"can I book through Pitchup?" asks about a way of booking the data does not name: passed on, no booking', async () => {
    // A word of the name booking sentences hold ("pitch") is no mention of it.
    const kit = recordingTools([passage('Pitches', 'Every pitch is booked online, with no booking fee.'), ...hits]);
    const { text } = await run(CAMPSITE, 'can i book u through pitchup', { kit });
    expect(text).not.toMatch(/your name/);
    expect(kit.questions).toHaveLength(1);
  });

  it('"can I book through Pitchup?" is answered when the data says so', async () => {
    const kit = recordingTools([
      passage('Booking', 'You can book through Pitchup or direct with us; direct bookings get 10% off.'),
      ...hits,
    ]);
    const { text } = await run(CAMPSITE, 'Can I book through Pitchup?', { kit });
    expect(text).toMatch(/book through Pitchup or direct/);
  });
});

describe('"I need to book…" asks for a booking; "do I need to book?" asks about booking', () => {
  it('reads the statement as a request and the question as a question', () => {
    expect(classify('I need to book my cat in for her jabs').request).toBe('booking');
    expect(classify('we need to book the van for Friday').request).toBe('booking');
    expect(classify('do i need to book or can i just turn up?').request).toBeNull();
    expect(classify('Do we need to book a table?').bookingQuestion).toBe(true);
  });
});
