import { describe, expect, it } from 'vitest';
import { textChunks } from '#api/services/assistant/builtin/index';
import { classify } from '#api/services/assistant/builtin/intents';
import { findName, findPhone, findTimePhrase, parseDetails } from '#api/services/assistant/builtin/details';
import type {
  AssistantTools,
  BusinessContext,
  CapturedDetails,
  CustomerFact,
  HistoryMessage,
} from '#api/services/assistant/types';
import type { ApiKnowledgeHit } from '#contract/envelope';
import type { AssistantSettings } from '#contract/schemas/business-settings';
import { business as builtinBusiness, run } from '#tests/support/builtin-assistant';

/**
 * The built-in provider against a fake knowledge base and tools that record what they were
 * asked: intents, answers from the business record, relevance of passages, escalation, and
 * the booking flow over several turns.
 */
function business(
  assistant: Partial<AssistantSettings> = {},
  overrides: Partial<BusinessContext> = {},
): BusinessContext {
  return builtinBusiness(
    'Bright Cuts Salon',
    [
      {
        _id: 'svc-cut',
        name: 'Ladies cut and blow dry',
        description: 'A consultation, wash, cut and blow dry with one of our stylists.',
        price: '£45',
        frequency: 0,
      },
      {
        _id: 'svc-mens',
        name: 'Mens cut',
        description: 'A classic or modern cut, finished with a hot towel.',
        price: '£22',
        frequency: 0,
      },
      {
        _id: 'svc-colour',
        name: 'Full head colour',
        description: 'Permanent colour from roots to ends.',
        price: 'from £70',
        frequency: 0,
      },
      {
        _id: 'svc-consult',
        name: 'Colour consultation',
        description: 'A patch test and advice before your first colour.',
        price: null,
        frequency: 0,
      },
    ],
    [],
    {
      address: '5 High Street, York YO1 8AA',
      assistant,
      settings: {
        opening_hours: [
          { day: 'monday', open: false, start: '09:00', end: '17:00' },
          { day: 'tuesday', open: true, start: '09:00', end: '17:30' },
          { day: 'wednesday', open: true, start: '09:00', end: '17:30' },
          { day: 'thursday', open: true, start: '09:00', end: '20:00' },
          { day: 'friday', open: true, start: '09:00', end: '17:30' },
          { day: 'saturday', open: true, start: '08:30', end: '16:00' },
          { day: 'sunday', open: false, start: '09:00', end: '17:00' },
        ],
        overwrites: [
          {
            _id: 'ow-1',
            all_day: true,
            date: '2026-12-25',
            start: '00:00',
            end: '23:59',
            status: 'closed',
            note: 'Christmas Day',
          },
        ],
      },
      overrides: { id: 'biz-1', email: 'hello@brightcuts.test', telephones: ['+442079460000'], ...overrides },
    },
  );
}

const PASSAGES: ApiKnowledgeHit[] = [
  {
    source: { kind: 'memory', _id: 'mem-parking', type: 'web_page', title: 'Visiting the salon' },
    heading: 'Visiting the salon',
    text: 'Home | Services | Prices | Contact\n\nThere is free parking for customers in the Castle car park, two minutes from the salon. We are on the ground floor with step-free access.',
    rank: 0.5,
  },
  {
    source: { kind: 'memory', _id: 'mem-kids', type: 'answered_question', title: 'Do you cut children’s hair?' },
    heading: 'Do you cut children’s hair?',
    text: 'Do you cut children’s hair?\n\nYes, children under 12 have a cut for £15 on weekdays after school.',
    rank: 0.4,
  },
  {
    source: { kind: 'memory', _id: 'mem-about', type: 'web_page', title: 'About us' },
    heading: 'About us',
    text: 'Bright Cuts opened in 2009. Our team of six stylists loves colour work. We use Wella products.',
    rank: 0.3,
  },
];

type Calls = { searches: string[]; tasks: { title: string; details: CapturedDetails }[]; questions: string[] };

function fakeTools(passages = PASSAGES) {
  const calls: Calls = { searches: [], tasks: [], questions: [] };
  const tools: AssistantTools = {
    async searchKnowledge(query) {
      calls.searches.push(query);
      const words = query.toLowerCase().match(/[a-z]{3,}/g) ?? [];
      return passages.filter((hit) =>
        words.some((word) => `${hit.heading} ${hit.text}`.toLowerCase().includes(word.slice(0, 5))),
      );
    },
    async createTask(input) {
      calls.tasks.push({ title: input.title, details: input.details });
      return { type: 'task_created', note_id: `note-${calls.tasks.length}`, summary: input.title };
    },
    // The task made earlier in the conversation takes the details (as the real tool updates its note).
    async updateRequestTask(details) {
      const task = calls.tasks.at(-1);
      if (!task) return null;
      task.details = { ...task.details, ...details };
      return { type: 'task_updated', note_id: `note-${calls.tasks.length}`, summary: 'Added to the task' };
    },
    async recordUnansweredQuestion(question) {
      calls.questions.push(question);
      return [
        {
          type: 'question_recorded',
          memory_id: 'q-1',
          summary: 'Question recorded for the team to answer',
          duplicate: false,
        },
      ];
    },
    async lookupCustomer() {
      return null;
    },
    async takeOrder() {
      throw new Error('This business sells no products.');
    },
  };
  return { tools, calls };
}

async function ask(
  message: string,
  options: {
    biz?: BusinessContext;
    history?: HistoryMessage[];
    customer?: CustomerFact | null;
    tools?: ReturnType<typeof fakeTools>;
  } = {},
) {
  const { tools, calls } = options.tools ?? fakeTools();
  const { text, events } = await run(options.biz ?? business(), message, {
    history: options.history,
    customer: options.customer,
    kit: tools,
  });
  const sources = events.flatMap((event) => (event.type === 'source' ? [event.source] : []));
  const actions = events.flatMap((event) => (event.type === 'action' ? [event.action] : []));
  return { text, sources, actions, calls, events };
}

/** A conversation of several turns, each reply added to the history. */
async function converse(messages: string[], options: { biz?: BusinessContext; customer?: CustomerFact | null } = {}) {
  const tools = fakeTools();
  const history: HistoryMessage[] = [];
  let last = await ask(messages[0], { ...options, history, tools });
  history.push({ role: 'user', content: messages[0] }, { role: 'assistant', content: last.text });
  for (const message of messages.slice(1)) {
    last = await ask(message, { ...options, history: [...history], tools });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: last.text });
  }
  return { ...last, history, calls: tools.calls };
}

describe('intents', () => {
  it('tells requests from questions about them', () => {
    expect(classify('I would like to book a cut for Saturday').request).toBe('booking');
    expect(classify('Can someone call me back?').request).toBe('callback');
    expect(classify('Can I speak to a real person please').request).toBe('person');
    expect(classify('How far in advance should I book?').request).toBeNull();
    expect(classify('How quickly can you get someone out?').request).toBeNull();
    expect(classify('Can I cancel my appointment?').request).toBeNull();
  });

  it('recognises hours, place, contact, services, small talk', () => {
    expect(classify('What time do you close on Saturday?').hours).toBe(true);
    expect(classify('Where are you located?').location).toBe(true);
    expect(classify("What's your phone number?").phone).toBe(true);
    expect(classify('What services do you offer?').servicesList).toBe(true);
    expect(classify('Hi there!').smallTalkOnly).toBe(true);
    expect(classify('Hi, do you do perms?').smallTalkOnly).toBe(false);
    expect(classify('thanks so much, bye').smallTalkOnly).toBe(true);
  });
});

describe('details a caller gives', () => {
  it('finds phone numbers, names and preferred times', () => {
    expect(findPhone('call me on 07700 900123 please')?.phone).toBe('07700900123');
    expect(findPhone('my number is +44 7700 900123')?.phone).toBe('+447700900123');
    expect(findPhone('open 9-5 on 25/12')).toBeNull();
    expect(findName("Hi, I'm Sarah Jones and I need a cut", false)).toBe('Sarah Jones');
    expect(findName("I'm looking for a cut", false)).toBeNull();
    expect(findName('tom baker', true)).toBe('Tom Baker');
    expect(findName('tom baker', false)).toBeNull();
    expect(findTimePhrase('could you do next Tuesday morning?')).toBe('next Tuesday morning');
    expect(findTimePhrase('any time after 2pm is fine')).toBe('any time after 2pm');
    expect(findTimePhrase('as soon as possible')).toBe('as soon as possible');
    expect(parseDetails('Sarah Jones, 07700 900123, Friday afternoon', true)).toEqual({
      phone: '07700900123',
      preferred_time: 'Friday afternoon',
      name: 'Sarah Jones',
    });
  });
  it('reads names written with accents and curly apostrophes as names', () => {
    expect(parseDetails('Siobhán Ó Dálaigh, 086 123 4567', true)).toEqual({
      phone: '0861234567',
      name: 'Siobhán Ó Dálaigh',
    });
    expect(findName('my name is Zoë O’Neill', false)).toBe('Zoë O’Neill');
    expect(findName('josé garcía', true)).toBe('José García');
  });
  it('reads the name after a later "it\'s" or "I\'m" when an earlier one leads no name', () => {
    expect(parseDetails("Can someone call me back please? I'm Anna Lee on 07700 900222.", false)).toEqual({
      phone: '07700900222',
      name: 'Anna Lee',
    });
    expect(findName("The boiler's leaking, it's really bad. It's Tom Ryan here", false)).toBe('Tom Ryan');
  });
});

describe('the built-in provider', () => {
  it('greets with the business name and the assistant name, or the owner’s own greeting', async () => {
    expect((await ask('Hello!')).text).toBe(
      'Hello! Thanks for contacting Bright Cuts Salon. How can I help you today?',
    );
    expect((await ask('hi', { biz: business({ name: 'Ella' }) })).text).toContain("I'm Ella.");
    expect(
      (await ask('Good morning', { biz: business({ greeting: 'Welcome to Bright Cuts, what can we do for you?' }) }))
        .text,
    ).toBe('Welcome to Bright Cuts, what can we do for you?');
  });

  it('changes its wording, never its facts, with the tone', async () => {
    const friendly = await ask('Do you sell wigs?', { biz: business({ tone: 'friendly' }) });
    const professional = await ask('Do you sell wigs?', { biz: business({ tone: 'professional' }) });
    expect(friendly.text).not.toBe(professional.text);
    expect(professional.text).toContain("I'm afraid");
    const concise = await ask('Hello', { biz: business({ tone: 'concise' }) });
    expect(concise.text.length).toBeLessThan((await ask('Hello')).text.length);
  });

  it('streams the reply in several chunks that join to the whole text', async () => {
    const reply = await ask('What are your opening hours?');
    expect(reply.events.filter((event) => event.type === 'text').length).toBeGreaterThan(3);
    expect(textChunks('one two three four five six', 4)).toEqual(['one two three four ', 'five six']);
  });

  it('answers opening hours from the settings, with the overwrite note, and names the source', async () => {
    const weekly = await ask('What are your opening hours?');
    expect(weekly.text).toContain(
      'Tuesday and Wednesday 9am to 5:30pm, Thursday 9am to 8pm, Friday 9am to 5:30pm, Saturday 8:30am to 4pm, closed on Monday and Sunday',
    );
    expect(weekly.sources).toContainEqual({
      kind: 'business',
      _id: 'biz-1',
      type: 'opening_hours',
      title: 'Opening hours',
    });
    expect((await ask('Are you open on Christmas Day?')).text).toBe(
      "No, we're closed on Friday 25 December for Christmas Day. We're open again on Saturday 26 December from 8:30am.",
    );
    expect((await ask('are you open now?')).text).toBe("Yes, we're open now until 8pm.");
    expect((await ask('Are you open on Monday?')).text).toMatch(/^No, we're closed on Monday 14 December\./);
    expect((await ask('What time do you open on Saturday?')).text).toBe(
      "On Saturday 12 December we're open from 8:30am to 4pm.",
    );
    const followUp = await converse(['What time do you close today?', 'and Friday?']);
    expect(followUp.text).toContain('5:30pm');
  });

  it('never states hours it was not told: without them it passes the question on', async () => {
    const reply = await ask('What are your opening hours?', {
      biz: business({}, { settings: { ...business().settings, opening_hours: null, overwrites: [] } }),
    });
    expect(reply.text).toContain("I'm not sure about that");
    expect(reply.calls.questions).toEqual(['What are your opening hours?']);
  });

  it('gives the address and contact details from the business record', async () => {
    const where = await ask('Where are you located?');
    expect(where.text).toBe("We're at 5 High Street, York YO1 8AA.");
    expect(where.sources[0]).toMatchObject({ kind: 'business', type: 'address' });
    expect((await ask('how can I get in touch')).text).toBe(
      'You can call us on +442079460000. You can email us at hello@brightcuts.test.',
    );
  });

  it('gives a named service’s price, the list when asked, and never a price it does not have', async () => {
    const mens = await ask('How much is a mens cut?');
    expect(mens.text).toMatch(/^A mens cut costs £22\./);
    expect(mens.text).not.toContain('£45');
    expect(mens.sources).toEqual([{ kind: 'service', _id: 'svc-mens', type: 'service', title: 'Mens cut' }]);
    const list = await ask('What services do you offer?');
    expect(list.text).toContain('ladies cut and blow dry');
    expect(list.sources).toHaveLength(4);
    const noPrice = await ask('How much is a colour consultation?');
    expect(noPrice.text).toContain("I don't have a price for that");
    expect(noPrice.text).not.toMatch(/£\d/);
    expect(noPrice.calls.questions).toEqual(['How much is a colour consultation?']);
  });

  it('answers from an answered question or the most relevant sentence, with its source', async () => {
    const kids = await ask('Can you cut my children’s hair?');
    expect(kids.text).toBe('Yes, children under 12 have a cut for £15 on weekdays after school.');
    expect(kids.sources).toEqual([
      { kind: 'memory', _id: 'mem-kids', type: 'answered_question', title: 'Do you cut children’s hair?' },
    ]);
    const parking = await ask('Is there parking near you?');
    expect(parking.text).toBe(
      'There is free parking for customers in the Castle car park, two minutes from the salon.',
    );
    expect(parking.calls.searches.length).toBeLessThanOrEqual(2);
    expect((await ask('How many stylists do you have?')).text).toContain('six stylists');
  });

  it('passes unknown questions to the team instead of quoting a passage that does not answer them', async () => {
    for (const question of [
      'Do you sell hair extensions?',
      'Is there parking for motorhomes overnight?',
      'Do you use Wella hair dryers?',
    ]) {
      const reply = await ask(question);
      expect(reply.text, question).toBe(
        "I'm not sure about that; I've passed your question to the team and someone will get back to you.",
      );
      expect(reply.calls.questions, question).toEqual([question]);
      expect(reply.sources, question).toEqual([]);
      expect(reply.actions[0]).toMatchObject({ type: 'question_recorded' });
    }
  });

  it('offers a call back or the escalation number when unsure, as the settings say', async () => {
    expect(
      (await ask('Do you do wedding hair trials?', { biz: business({ when_unsure: 'offer_callback' }) })).text,
    ).toContain('tell me your name and number');
    const transfer = await ask('Do you do wedding hair trials?', {
      biz: business({ when_unsure: 'transfer', escalation_phone: '+447700900999' }),
    });
    expect(transfer.text).toContain('+447700900999');
    const accepted = await converse(['Do you do wedding hair trials?', 'Yes please, Amy Lee 07700 900555'], {
      biz: business({ when_unsure: 'offer_callback' }),
    });
    expect(accepted.calls.tasks).toEqual([
      {
        title: 'Call back Amy Lee',
        details: {
          name: 'Amy Lee',
          phone: '07700900555',
          reason: 'Do you do wedding hair trials?',
          preferred_time: undefined,
        },
      },
    ]);
  });

  it('takes a booking over several turns: name, number and preferred time, then one task', async () => {
    const first = await ask('I’d like to book a full head colour please');
    expect(first.text).toContain('your name, the best number to reach you on and when would suit you');
    expect(first.calls.tasks).toHaveLength(0);
    const done = await converse([
      'I’d like to book a full head colour please',
      "I'm Rosa Diaz",
      '07700 900321',
      'Saturday morning',
    ]);
    expect(done.calls.tasks).toEqual([
      {
        title: 'Booking request from Rosa Diaz',
        details: {
          name: 'Rosa Diaz',
          phone: '07700900321',
          preferred_time: 'Saturday morning',
          reason: 'I’d like to book a full head colour please',
        },
      },
    ]);
    expect(done.text).toContain('Thank you, Rosa Diaz!');
    // The task was made once the number completed the name; the time is added to it.
    expect(done.actions).toEqual([{ type: 'task_updated', note_id: 'note-1', summary: 'Added to the task' }]);
  });

  it('uses what it knows already: details in the first message, a known customer', async () => {
    const all = await ask('Please book me in, I am Ben Ford on 07700 900444, Tuesday at 3pm');
    expect(all.calls.tasks[0].details).toMatchObject({
      name: 'Ben Ford',
      phone: '07700900444',
      preferred_time: 'Tuesday at 3pm',
    });
    const known = await ask('Can you call me back tomorrow morning?', {
      customer: { _id: 'c-1', name: 'Jo March', phones: ['+447700900777'], emails: [], status: 'customer' },
    });
    expect(known.calls.tasks[0]).toMatchObject({
      title: 'Call back Jo March',
      details: { name: 'Jo March', phone: '+447700900777', preferred_time: 'tomorrow morning' },
    });
    const jo = { _id: 'c-1', name: 'Jo March', phones: ['+447700900777'], emails: [], status: 'customer' };
    const when = await ask('Can you book me in for a mens cut?', { customer: jo });
    expect(when.text).toBe("I'd be happy to arrange that. When would suit you?");
    const booked = await converse(['Can you book me in for a mens cut?', 'Saturday at 10am'], { customer: jo });
    expect(booked.calls.tasks[0].details).toMatchObject({ name: 'Jo March', preferred_time: 'Saturday at 10am' });
  });

  it('leaves the booking flow for another question, or when the caller says no', async () => {
    const other = await converse(['I want to book a cut', 'What time do you close on Friday?']);
    expect(other.text).toContain('5:30pm');
    expect(other.calls.tasks).toHaveLength(0);
    const no = await converse(['I want to book a cut', 'no thanks']);
    expect(no.calls.tasks).toHaveLength(0);
    expect(no.text).toContain('No problem');
  });

  it('gives the escalation number to a caller who asks for a person, when set to transfer', async () => {
    const reply = await ask('Can I talk to a human?', {
      biz: business({ when_unsure: 'transfer', escalation_phone: '+447700900999' }),
    });
    expect(reply.text).toBe('Of course. You can reach a member of the team on +447700900999.');
    expect(reply.calls.tasks).toHaveLength(0);
    const message = await converse(['Can I talk to a human?', 'Dan Hill, 07700 900888'], {
      biz: business({ when_unsure: 'take_message' }),
    });
    expect(message.calls.tasks[0]).toMatchObject({
      title: 'Dan Hill would like to speak to someone',
      details: { name: 'Dan Hill', phone: '07700900888' },
    });
  });

  it('does not ask for details when capture is off: the number to call instead', async () => {
    const reply = await ask('I want to book a mens cut', { biz: business({ capture_bookings: false }) });
    expect(reply.text).toContain('+442079460000');
    expect(reply.calls.tasks).toHaveLength(0);
  });

  it('says who it is without claiming to be a person', async () => {
    expect((await ask('Are you a robot?', { biz: business({ name: 'Ella' }) })).text).toMatch(
      /^I'm Ella, the virtual assistant for Bright Cuts Salon\./,
    );
  });
});
