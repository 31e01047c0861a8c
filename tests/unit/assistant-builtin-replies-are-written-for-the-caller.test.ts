import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '#api/services/assistant/openai-prompt';
import { joinParts, questionParts } from '#api/services/assistant/builtin/question-parts';
import {
  article,
  nameInSentence,
  namePhrase,
  numberInWords,
  pluralName,
  pricePredicate,
  productStatement,
  properNounsIn,
  takesPluralVerb,
} from '#api/services/assistant/builtin/naming';
import type { HistoryMessage, ProductFact, ServiceFact, TurnInput } from '#api/services/assistant/types';
import type { ConversationChannel } from '#contract/schemas/conversation';
import { NOW, ask, business as builtinBusiness, product, service } from '#tests/support/builtin-assistant';

/**
 * The built-in assistant says the owner's names and price tags the way a person would:
 * "A bridal bouquet starts at £85", "two pork pies", never "costs From £85", "2 × Pork Pie"
 * aloud, or a second hello. Made-up businesses: a florist, an electrician, a deli.
 */
const business = (name: string, services: ServiceFact[], products: ProductFact[] = []) =>
  builtinBusiness(name, services, products, { address: '12 Mill Lane, Ashford TN23 1AA' });

const FLORIST = business('Juniper Lane Flowers', [
  service(
    'Bridal Bouquet',
    'From £85',
    'Hand-tied bouquets in seasonal flowers. We need two weeks’ notice for a wedding.',
  ),
  service('Table Centrepiece', '£35 each', 'Low arrangements for dining tables.'),
  service('Flower Arranging Workshop', '£40 per person', 'A two-hour class in the shop.'),
  service('Sympathy Flowers', 'up to £120', 'Tributes and sprays for funerals.'),
  service('Weekly Office Flowers', '£30 - £60 per week', 'Fresh flowers for reception desks.'),
]);

const ELECTRICIAN = business('Voltline Electrical', [
  service('EICR Certificate', 'From £150', 'A full electrical installation condition report for landlords and buyers.'),
  service(
    'EV Charger Installation',
    'starting at £899',
    'We fit Zappi and Ohme chargers on a driveway or garage wall.',
  ),
  service('Zappi Charger Servicing', '£95', 'An annual check of a Zappi charger.'),
]);

const DELI = business(
  'Marrow & Rye Deli',
  [],
  [
    product('Pork Pie', '£3.50 each'),
    product('Cheese Knife', '£12 each'),
    product('Jar of Olives', '£5 a jar'),
    product('Sourdough Loaf', 'From £4'),
  ],
);

describe('prices are said, not read off the tag', () => {
  it.each([
    ['How much is a bridal bouquet?', /^A bridal bouquet starts at £85\b/],
    ['How much is a table centrepiece?', /^A table centrepiece costs £35 each\b/],
    ['What does the flower arranging workshop cost?', /^A flower arranging workshop costs £40 per person\b/],
    ['How much are sympathy flowers?', /^Sympathy flowers cost up to £120\b/],
    ['How much are weekly office flowers?', /^Weekly office flowers cost between £30 and £60 per week\b/],
  ])('%s', async (question, expected) => {
    const reply = await ask(FLORIST, question);
    expect(reply).toMatch(expected);
    expect(reply).not.toMatch(/\b(costs?|is) (From|Up|Starting)\b|costs? from\b/);
  });

  it('says plainly that a service has no price to hand, in three short sentences at most', async () => {
    const reply = await ask(
      business('Crumb & Co', [
        service('Tasting Session', null, 'Six flavours to try with the baker. Book a week ahead.'),
      ]),
      'How much is a tasting session?',
    );
    expect(reply).toBe(
      "We offer tasting sessions. I don't have a price for that to hand. I've passed your question to the team and someone will get back to you.",
    );
  });

  it('gives the other prices the description names, not only the first', async () => {
    const salon = business('Fern & Finch Hair', [
      service(
        'Blow-dry',
        '£30',
        'Wash and blow-dry, about 40 minutes. Long or very thick hair £38. Add curls for free.',
      ),
    ]);
    expect(await ask(salon, 'How much is a blow dry for long hair?')).toBe(
      'A blow-dry costs £30. Wash and blow-dry, about 40 minutes. Long or very thick hair £38.',
    );
  });

  it('joins a price and a description that goes on from it into one sentence', async () => {
    const reply = await ask(
      business('Crumb & Co', [service('Custom Celebration Cake', 'From £45', "We need 5 days' notice.")]),
      'How much is a custom celebration cake?',
    );
    expect(reply).toBe("A custom celebration cake starts at £45, and we need 5 days' notice.");
  });
});

describe('names are said in a sentence', () => {
  it('as the caller asked, in the plural, with the price after a which', async () => {
    expect(await ask(FLORIST, 'Do you do bridal bouquets?')).toMatch(
      /^Yes, we do bridal bouquets, which start at £85\. Hand-tied bouquets/,
    );
    expect(await ask(FLORIST, 'Do you make table centrepieces?')).toMatch(
      /^Yes, we make table centrepieces, which cost £35 each\./,
    );
  });

  it('keeps acronyms and the brands the owner writes with a capital, and says "an" before a vowel sound', async () => {
    expect(await ask(ELECTRICIAN, 'How much is an EICR certificate?')).toMatch(/^An EICR certificate starts at £150\./);
    expect(await ask(ELECTRICIAN, 'How much to put in an EV charger?')).toMatch(
      /^EV charger installation starts at £899, and we fit Zappi and Ohme chargers/,
    );
    const servicing = await ask(ELECTRICIAN, 'Do you do Zappi charger servicing?');
    expect(servicing).toMatch(/^Yes, we do Zappi charger servicing, which costs £95\./);
  });

  it('lists services in sentence case', async () => {
    const list = await ask(FLORIST, 'What services do you offer?');
    expect(list).toContain('bridal bouquet, table centrepiece, flower arranging workshop');
    expect(list).not.toContain('Bridal Bouquet');
    const prices = await ask(FLORIST, 'What are your prices?');
    expect(prices).toContain('bridal bouquet (from £85)');
  });

  it('says a product as a sentence with its name and price, never the bare description', () => {
    expect(productStatement('Honey Cake Slices', 'Spiced honey sponge with walnuts. £3.20 each.')).toBe(
      'Our honey cake slices are £3.20 each: Spiced honey sponge with walnuts.',
    );
    expect(productStatement('Rye Loaf', 'Our dark rye, baked on Fridays. £4 a loaf, or £7 for 2.')).toBe(
      'Our rye loaf is £4 a loaf, or £7 for 2: our dark rye, baked on Fridays.',
    );
    expect(productStatement('Kintsugi Repair Kit', 'Everything to mend a cup with gold. €45')).toBe(
      'Our Kintsugi repair kit is €45: Everything to mend a cup with gold.',
    );
  });

  it('has the pieces a person would use', () => {
    expect(nameInSentence('Wedding Cake')).toBe('wedding cake');
    expect(nameInSentence("Rossi's Signature Loaf")).toBe("Rossi's signature loaf");
    expect(nameInSentence('BS8 Delivery Slot')).toBe('BS8 delivery slot');
    expect(nameInSentence("Men's Cut")).toBe("men's cut");
    expect(nameInSentence('Olaplex Take-Home Kit')).toBe('Olaplex take-home kit');
    expect(nameInSentence('Balayage')).toBe('balayage');
    expect(
      nameInSentence(
        'Hive Thermostat Fitting',
        properNounsIn(['We fit Hive and Nest thermostats.', 'Our thermostats are smart.']),
      ),
    ).toBe('Hive thermostat fitting');
    expect(namePhrase('leak detection')).toBe('leak detection');
    expect(namePhrase('drain clearance')).toBe('drain clearance');
    expect(namePhrase('gas safety certificate')).toBe('a gas safety certificate');
    expect(pluralName('sourdough loaf')).toBe('sourdough loaves');
    expect(pluralName('jar of olives')).toBe('jars of olives');
    expect(pluralName('cheese knife')).toBe('cheese knives');
    expect(pluralName('glass of wine')).toBe('glasses of wine');
    expect(pluralName('berry tart')).toBe('berry tarts');
    expect(pluralName('party')).toBe('parties');
    expect(pluralName('hot cross buns')).toBe('hot cross buns');
    // A group of people, with its band in brackets: the head is the group, not the bracket's last word.
    expect(namePhrase('Children (under 12)')).toBe('Children (under 12)');
    expect(takesPluralVerb('Children (under 12)')).toBe(true);
    expect(namePhrase('Adult (16+)')).toBe('an Adult (16+)');
    expect(pluralName('Senior (over 65)')).toBe('Seniors (over 65)');
    expect(takesPluralVerb('Women’s cut')).toBe(false);
    // A place or purpose after the name's head ("beyond", "outside", "to") is not its head.
    expect(pluralName('Travel outside Norwich')).toBe('Travel outside Norwich');
    expect(pluralName('Cake to order')).toBe('Cakes to order');
    expect(pluralName('Visit beyond the ring road')).toBe('Visits beyond the ring road');
    expect(article('EICR check')).toBe('an');
    expect(article('BS8 visit')).toBe('a');
    expect(article('hour-long class')).toBe('an');
    expect(article('unicorn cake')).toBe('a');
    expect(numberInWords(2)).toBe('two');
    expect(numberInWords(45)).toBe('forty-five');
    expect(numberInWords(120)).toBe('one hundred and twenty');
    expect(pricePredicate('£20/hr')).toBe('costs £20 an hour');
    expect(pricePredicate('£60+', true)).toBe('start at £60');
    expect(pricePredicate('Free')).toBe('is free');
  });
});

describe('a follow-up', () => {
  it('"how much is it?" prices the service the caller just asked about, not the whole list', async () => {
    const history: HistoryMessage[] = [
      { role: 'user', content: 'Do you do table centrepieces?' },
      {
        role: 'assistant',
        content: 'Yes, we do table centrepieces, which cost £35 each. Low arrangements for dining tables.',
      },
    ];
    expect(await ask(FLORIST, 'How much is it?', { history })).toMatch(/^A table centrepiece costs £35 each/);
    expect(await ask(FLORIST, 'How much is it?')).not.toMatch(/table centrepiece costs/);
  });
});

describe('a message that asks two things', () => {
  it('is answered a part at a time, in one reply', async () => {
    const reply = await ask(FLORIST, 'Are you open on Saturday, and how much is a table centrepiece?');
    expect(reply).toMatch(/Saturday 12 December/);
    expect(reply).toMatch(/table centrepiece costs £35 each/);
    expect(reply).not.toMatch(/not sure/);
  });

  it('splits only where each part asks something, and a later part keeps the first one’s subject', () => {
    expect(questionParts('How much is a bridal bouquet and how long does it last?')).toEqual([
      'How much is a bridal bouquet',
      'how long does it last (bridal bouquet)?',
    ]);
    expect(questionParts('Hi, do you deliver? Do you take cards?')).toEqual([
      'Hi, do you deliver?',
      'Do you take cards?',
    ]);
    expect(questionParts('My kitchen tap keeps dripping, how much would it cost to fix?')).toEqual([
      'My kitchen tap keeps dripping, how much would it cost to fix?',
    ]);
    expect(questionParts('What time do you open and close on Saturday?')).toEqual([
      'What time do you open and close on Saturday?',
    ]);
  });

  it('joins two short answers with "and", and never says the same answer twice', () => {
    const price = { text: 'A custom celebration cake starts at £45.', sources: [] };
    const notice = { text: "We need 5 days' notice.", sources: [] };
    expect(joinParts([price, notice]).text).toBe(
      "A custom celebration cake starts at £45, and we need 5 days' notice.",
    );
    expect(joinParts([price, price]).text).toBe('A custom celebration cake starts at £45.');
  });
});

describe('an order read back on a call', () => {
  it('says quantities in words, names in the plural, and no "×" or brackets', async () => {
    const reply = await ask(DELI, "I'd like to order 2 pork pies, 3 jars of olives and a cheese knife please", {
      channel: 'call',
    });
    expect(reply).toContain(
      "Here's your order: two pork pies at £3.50 each, three jars of olives at £5 a jar and one cheese knife at £12 each.",
    );
    expect(reply).not.toMatch(/×|\(|(^|\s)\d+ [A-Za-z]/);
  });

  it('keeps the written form in a chat', async () => {
    const reply = await ask(DELI, "I'd like to order 2 pork pies", { channel: 'chat' });
    expect(reply).toContain('2 × Pork Pie (£3.50 each)');
  });

  it('names the products it has aloud the same way', async () => {
    const reply = await ask(DELI, 'How do I place an order?', { channel: 'call' });
    expect(reply).toContain(
      'We have pork pies at £3.50 each, cheese knives at £12 each, jars of olives at £5 a jar and sourdough loaves from £4.',
    );
  });
});

describe('one greeting a conversation', () => {
  it('answers a hello on a call, already greeted when it was answered, without a second hello', async () => {
    const reply = await ask(FLORIST, 'Hello?', { channel: 'call' });
    expect(reply).not.toMatch(/\b(hello|hi)\b/i);
    expect(reply).toMatch(/help/i);
  });

  it('answers a greeting with a question on a call with the answer alone', async () => {
    const reply = await ask(FLORIST, 'Hi, are you open today?', { channel: 'call' });
    expect(reply).toMatch(/^Yes, today we're open from 9am/);
  });

  it('does not greet twice in a chat', async () => {
    const history: HistoryMessage[] = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello! Thanks for contacting Juniper Lane Flowers. How can I help you today?' },
    ];
    expect(await ask(FLORIST, 'hello', { history })).not.toMatch(/\b(hello|hi)\b/i);
    expect(await ask(FLORIST, 'Hello, where are you?', { history })).toBe("We're at 12 Mill Lane, Ashford TN23 1AA.");
    expect(await ask(FLORIST, 'Hello!')).toMatch(/^Hello! Thanks for contacting Juniper Lane Flowers\./);
  });
});

describe('the model’s prompt', () => {
  it('tells it a call was already greeted, so it does not greet again', () => {
    const input = (channel: ConversationChannel): TurnInput => ({
      business: FLORIST,
      channel,
      history: [],
      message: 'Hello?',
      customer: null,
      now: NOW,
    });
    expect(buildSystemPrompt(input('call'), [])).toMatch(/never greet again/);
    expect(buildSystemPrompt(input('chat'), [])).not.toMatch(/never greet again/);
  });
});
