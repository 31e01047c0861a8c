import { describe, expect, it } from 'vitest';
import { business, passage, run, service, serviceHit, tools } from '#tests/support/builtin-assistant';

/**
 * "Is there anything on this evening?", "what's on Tuesday lunchtimes?", "any sessions on
 * Christmas Day?": a timetable the owner pasted (or uploaded) lists sessions by weekday and
 * time; a question naming a day and/or a part of the day is answered by the sessions that fall
 * there, the owner's special dates first. Made-up businesses; "now" is Thursday 10 December
 * 2026, 10:30 in London.
 */
const CLIMBING_TIMETABLE = passage(
  'Weekly sessions',
  `Our weekly sessions (every session is 90 minutes unless it says otherwise):

Monday – 7am Early Birds Bouldering · 6.30pm Bouldering Basics · 8pm Open Lead Climbing
Tuesday – 12.15pm Lunch Climb (45 mins) · 7pm Youth Squad
Wednesday – 6pm Women's Climbing Night
Thursday – 9.30am Parent and Toddler Climb · 6.30pm Bouldering Basics · 8pm Technique Clinic
Friday – 5.30pm Social Climb
Saturday – 10am Kids Club · 2pm Beginners Taster`,
);

const gym = business('Granite Wall', [service('Day pass', '£12', 'Climb all day in the open sessions.')], [], {
  settings: {
    opening_hours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
      day,
      open: true,
      start: '06:30',
      end: '22:00',
    })) as never,
    overwrites: [
      {
        _id: 'ow-xmas',
        date: '2026-12-25',
        all_day: true,
        status: 'closed',
        start: '00:00',
        end: '23:59',
        note: 'Christmas Day',
      },
    ],
  },
});

const ask = (message: string) => run(gym, message, { hits: [CLIMBING_TIMETABLE] });

describe('a timetable answers by day and part of the day', () => {
  it('this evening: the evening sessions of today (Thursday)', async () => {
    const { text, kit } = await ask('is there anything on this evening after work?');
    expect(text).toMatch(/6:30pm/);
    expect(text).toContain('Technique Clinic');
    expect(text).not.toContain('Toddler');
    expect(kit.questions).toHaveLength(0);
  });

  it("a weekday's part of the day", async () => {
    const { text, kit } = await ask("what's on tuesday lunchtimes");
    expect(text).toContain('Lunch Climb');
    expect(text).toContain('12:15pm');
    expect(text).not.toContain('Youth Squad');
    expect(kit.questions).toHaveLength(0);
  });

  it('a kind of session on a day and part of the day', async () => {
    const { text, kit } = await ask('anything on a Saturday afternoon for beginners?');
    expect(text).toContain('Beginners Taster');
    expect(text).toContain('2pm');
    expect(text).not.toContain('Kids Club');
    expect(kit.questions).toHaveLength(0);
  });

  it('the earliest session on weekdays', async () => {
    const { text } = await ask('what time is the earliest session on weekdays?');
    expect(text).toContain('7am');
    expect(text).toContain('Early Birds');
    expect(text).not.toContain('Kids Club');
  });

  it("the owner's special date overrides the timetable", async () => {
    const { text, kit } = await ask('any sessions on christmas day?');
    expect(text).toMatch(/closed/i);
    expect(text).not.toContain('Technique Clinic');
    expect(kit.questions).toHaveLength(0);
  });

  it("a special date the owner named is that date, not any day of its weekday's name", async () => {
    const easter = business('Granite Wall', [], [], {
      settings: {
        overwrites: [
          {
            _id: 'ow-easter',
            date: '2027-03-29',
            all_day: true,
            status: 'closed',
            start: '00:00',
            end: '23:59',
            note: 'Easter Monday',
          },
        ],
      },
    });
    const { text, kit } = await run(easter, 'any sessions on easter monday?', { hits: [CLIMBING_TIMETABLE] });
    expect(text).toMatch(/closed/i);
    expect(text).not.toContain('Bouldering');
    expect(kit.questions).toHaveLength(0);
  });

  it('a day with sessions, none in the part asked: says what is on that day', async () => {
    const { text } = await ask('is there anything on wednesday morning?');
    expect(text).toContain('6pm');
    expect(text).not.toMatch(/\bam\b|\d(am)\b/);
  });

  it('a kind of session the timetable does not have goes to the team', async () => {
    const { text, kit } = await ask('is there a yoga class on monday evening?');
    expect(text).not.toContain('Bouldering');
    expect(kit.questions).toHaveLength(1);
  });

  it('a day the timetable has nothing for goes to the team', async () => {
    const { kit } = await ask("what's on sunday morning?");
    expect(kit.questions).toHaveLength(1);
  });
});

describe('other ways of writing a timetable', () => {
  const pool = business('Lido Lane', []);

  it('days as headings, times on the lines below', async () => {
    const timetable = passage(
      'Pool programme',
      `Friday
07:00 Lane swimming
18:30 Aqua fit

Saturday
09:00 Lane swimming
11:00 Swimming lessons
15:00 Family fun session`,
    );
    const { text, kit } = await run(pool, "what's on saturday morning", { hits: [timetable] });
    expect(text).toContain('9am');
    expect(text).toContain('11am');
    expect(text).not.toContain('Family fun');
    expect(kit.questions).toHaveLength(0);
  });

  it('a sentence with times by day: the clause of the day asked', async () => {
    const meals = passage(
      'Café',
      'Hot meals are served in the café from 12:00 to 14:00 on weekdays and from 12:30 to 15:00 on Saturdays and Sundays.',
    );
    const { text, kit } = await run(pool, 'what time are hot meals at the weekend?', { hits: [meals] });
    expect(text).toContain('12:30pm');
    expect(text).toContain('3pm');
    expect(text).not.toContain('2pm');
    expect(kit.questions).toHaveLength(0);
  });

  it("a question's words found elsewhere in the knowledge do not make it a timetable question", async () => {
    const meals = passage('Meals', 'Breakfast is served in the dining room from 8:00 to 9:30 on weekdays.');
    const notes = passage('Notes', 'We keep a few board games in the lounge, and the room keys are on a longer fob.');
    const { text } = await run(pool, 'can we keep the room a bit longer on our last morning?', {
      hits: [meals, notes],
    });
    expect(text).not.toMatch(/breakfast/i);
  });

  it("a service's set times in its description", async () => {
    const swim = business('Lido Lane', [
      service('Adult improvers', '£60', 'Six weekly lessons on Tuesday evenings at 7pm for confident swimmers.'),
    ]);
    const { text, kit } = await run(swim, 'is there anything on tuesday evening?', {
      hits: [
        serviceHit('Adult improvers', '£60', 'Six weekly lessons on Tuesday evenings at 7pm for confident swimmers.'),
      ],
    });
    expect(text).toMatch(/adult improvers/i);
    expect(text).toContain('7pm');
    expect(kit.questions).toHaveLength(0);
  });
});

describe('the front desk and the office are the opening hours', () => {
  const desk = business('Harbour Inn', []);
  it.each([
    'is there anyone on reception right now?',
    'when is someone on the front desk?',
    'what time does the office open on saturday?',
    'what time can i ring you till on a saturday',
  ])('%s', async (message) => {
    const { text, kit } = await run(desk, message);
    expect(text).toMatch(/5pm|9am/);
    expect(kit.questions).toHaveLength(0);
  });
});

describe('a question that only names a part of the day costs no search of its own', () => {
  // Each turn's searches are what its first chunk waits for: "do you do X at night?" at a business
  // with no timetable must search no more than "do you do X?" (the knowledge answer's own searches).
  const searchesOf = async (message: string) => {
    const queries = new Set<string>();
    const kit = tools([passage('About us', 'We are a family firm covering the whole county since 1998.')]);
    const recording = {
      ...kit,
      searchKnowledge: (query: string, limit?: number) => {
        queries.add(`${limit}:${query}`);
        return kit.searchKnowledge(query, limit);
      },
    };
    await run(business('Dale Drains', [service('Drain unblocking', '£90')]), message, { kit: recording });
    return queries.size;
  };
  it.each([
    ['do you do emergency call outs at night?', 'do you do emergency call outs?'],
    ['is a call out dearer in the evenings?', 'is a call out dearer?'],
  ])('%s', async (withPart, without) => {
    expect(await searchesOf(withPart)).toBeLessThanOrEqual(await searchesOf(without));
  });
});
