import { describe, expect, it } from 'vitest';
import { business, faq, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "Can I come in after work?", "could I pop in in my lunch break?", "do you come out on a
 * Sunday?": when the caller could come (or be visited), said by their own day or a weekday in
 * general, is asked of the opening hours: answered in one clean sentence from them, plainly "not
 * open" when the business is shut then, with the owner's own word on that time when a passage
 * has one (evening appointments, Sunday emergencies). Only a visit asked for with a job or one
 * day ("can you come out on Sunday to change my locks?") starts a booking. Made-up businesses;
 * "now" is Thursday 10 December 2026.
 */
const weekdays = (start: string, end: string, friday: string) =>
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day,
    open: day !== 'saturday' && day !== 'sunday',
    start,
    end: day === 'friday' ? friday : end,
  })) as never;

const conveyancer = business('Hartley Conveyancing', [service('Free review', 'Free', 'A 20-minute chat.')], [], {
  settings: { opening_hours: weekdays('08:30', '17:30', '16:00') },
});
const EVENINGS = faq(
  'Can I see someone in the evening?',
  'Yes, on Wednesdays we see clients until 8pm by appointment.',
);

const locksmith = business(
  'Keyturn Mobile Locksmiths',
  [service('Emergency lockout', '£95', 'Sunday and evening lockouts, on top of any parts.')],
  [],
  {
    settings: {
      opening_hours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
        day,
        open: day !== 'sunday',
        start: '07:30',
        end: day === 'saturday' ? '12:00' : '18:00',
      })) as never,
    },
  },
);
const WEEKENDS = faq(
  'Do you work weekends?',
  'Saturday mornings as usual. On Sundays we only attend emergency lockouts, at double rate.',
);
const LOCKOUT = serviceHit('Emergency lockout', '£95', 'Sunday and evening lockouts, on top of any parts.');

describe("a time of the caller's day is answered from the hours", () => {
  it.each([
    [
      'can i come in after work?',
      /close at 5:30pm Monday to Thursday and at 4pm on Friday, so we're not open after work/,
    ],
    ['could I pop in on my lunch break?', /open at lunchtime.*8:30am to 5:30pm/],
    ['can I come in first thing?', /^We open at 8:30am Monday to Friday\.$/],
    ['could we come by before school?', /open at 8:30am Monday to Friday, so we're not open before school/],
    ['can I call in late afternoon?', /open until 5:30pm Monday to Thursday and until 4pm on Friday/],
  ])('"%s" is said plainly from the opening hours', async (message, said) => {
    const { text, kit } = await run(conveyancer, message);
    expect(text).toMatch(said);
    expect(kit.questions).toHaveLength(0);
    expect(kit.tasks).toHaveLength(0);
  });

  it("the owner's word on evenings follows the hours, in a clean sentence", async () => {
    const { text, kit } = await run(conveyancer, "can i come in after work? i don't get off till 6", {
      hits: [EVENINGS],
    });
    expect(text).toMatch(/5:30pm/);
    expect(text).toMatch(/on Wednesdays we see clients until 8pm by appointment/);
    expect(text).not.toMatch(/there's we|until by/);
    expect(kit.questions).toHaveLength(0);
  });

  it("a timetable question never reads the owner's clause as a session's name", async () => {
    const { text } = await run(conveyancer, "what's on wednesday evening?", { hits: [EVENINGS] });
    expect(text).not.toMatch(/there's we|until by/);
  });
});

describe('whether a mobile trade comes out on a day is asked of the hours, not a booking', () => {
  it.each(['do you come out on a Sunday?', 'can someone come out on sundays?'])(
    '"%s" says the Sunday rule and starts no booking',
    async (message) => {
      const { text, kit } = await run(locksmith, message, { hits: [WEEKENDS, LOCKOUT] });
      expect(text).toMatch(/closed on Sundays/);
      expect(text).toMatch(/emergency lockouts/);
      expect(text).not.toMatch(/your name|best number/i);
      expect(kit.tasks).toHaveLength(0);
      expect(kit.questions).toHaveLength(0);
    },
  );

  it('without a word from the owner on Sundays, the hours alone answer', async () => {
    const { text, kit } = await run(locksmith, 'do you come out on a Sunday?');
    expect(text).toMatch(/closed on Sundays/);
    expect(text).not.toMatch(/your name|best number/i);
    expect(kit.questions).toHaveLength(0);
  });

  it.each(['can you come out on Sunday to change my locks?', 'can you come out tomorrow?'])(
    '"%s" asks for a visit: the booking starts',
    async (message) => {
      const { text } = await run(locksmith, message);
      expect(text).toMatch(/your name/i);
    },
  );
});
