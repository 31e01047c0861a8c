import { describe, expect, it } from 'vitest';
import { normaliseCallerText } from '#api/services/language/caller-text';
import { damerauLevenshtein } from '#api/services/language/spelling';
import type { BusinessContext, ProductFact, ServiceFact } from '#api/services/assistant/types';
import {
  business as builtinBusiness,
  product,
  tools as recordingTools,
  run,
  service,
} from '#tests/support/builtin-assistant';

/**
 * Callers type in shorthand and with typos, and ask for a service in words the owner never
 * wrote. Made-up businesses: a patisserie, a dog groomer, a heating engineer, a tiler.
 */
const business = (name: string, services: ServiceFact[], products: ProductFact[] = []) =>
  builtinBusiness(name, services, products, { address: '3 Quay Street, Truro TR1 2HE' });

const PATISSERIE = business(
  'Maison Colette',
  [service('Macaron Masterclass', '£55 per person', 'Two hours in the kitchen with our pastry chef.')],
  [
    product('Almond croissant', '£2.60 each', 'Twice-baked with frangipane.'),
    product('Pistachio eclair', '£3.40 each'),
  ],
);

const GROOMER = business('Waggy Tails Grooming', [
  service('Full groom (small breeds)', 'From £40', 'Bath, blow-dry, clip and nails for dogs under 10 kg.'),
  service(
    'Puppy introduction groom',
    '£25',
    'A gentle first visit for puppies under six months: a bath, a tidy and lots of treats.',
  ),
  service('Nail clipping', '£10', 'Walk-in nail trims, no appointment needed.'),
]);

const HEATING = business('Penrose Heating', [
  service('Boiler service', '£85', 'An annual gas safety check and clean of your boiler.'),
  service(
    'Landlord gas safety certificate (CP12)',
    '£70',
    'The yearly gas safety record a landlord must give tenants.',
  ),
  service('Power flush', 'From £350', 'Clears sludge from radiators and pipes so the heating warms up evenly.'),
]);

const ask = async (biz: BusinessContext, message: string, tools = recordingTools()) =>
  (await run(biz, message, { kit: tools })).text;

describe('caller text is read as meant', () => {
  it('writes out texting shorthand and puts apostrophes back', () => {
    expect(normaliseCallerText('r u open tmrw? pls let me know thx')).toBe(
      'are you open tomorrow? please let me know thanks',
    );
    expect(normaliseCallerText('can i get an appt b4 the wknd, ur hrs?')).toBe(
      'can i get an appointment before the weekend, your hours?',
    );
    expect(normaliseCallerText('dont know wat time, 2moro or tomoz')).toBe(
      "don't know what time, tomorrow or tomorrow",
    );
  });

  it('corrects words English lacks toward the business words first, then common words', () => {
    expect(
      normaliseCallerText('do you have any crossants left', { vocabulary: ['Almond', 'croissant', 'croissants'] }),
    ).toBe('do you have any croissants left');
    expect(normaliseCallerText('can i book an appointmnet for tomorow')).toBe('can i book an appointment for tomorrow');
    expect(normaliseCallerText('is there a resturant near you')).toBe('is there a restaurant near you');
  });

  it('leaves numbers, postcodes, e-mail addresses, names and ambiguous shorthand untouched', () => {
    const said = "Hi, I'm Jon Smyth, my email is jon.smyth@exmaple.com, postcode TR1 2HE, 07700 900123, Tuesday at 3pm";
    expect(normaliseCallerText(said)).toBe(said);
    expect(normaliseCallerText('my name is jonn smyht')).toBe('my name is jonn smyht');
    expect(normaliseCallerText('any gf options for Zephyrine?')).toBe('any gf options for Zephyrine?');
    expect(normaliseCallerText('do you do callouts')).toBe('do you do callouts');
    expect(normaliseCallerText('my u-bend leaks, is the A/C ur job?')).toBe('my u-bend leaks, is the A/C your job?');
  });

  it('counts a swap of two letters as one edit', () => {
    expect(damerauLevenshtein('appointmnet', 'appointment')).toBe(1);
    expect(damerauLevenshtein('crossants', 'croissants')).toBe(1);
    expect(damerauLevenshtein('kitten', 'sitting')).toBe(3);
  });

  it('prices a service asked for with a typo and in shorthand', async () => {
    expect(await ask(PATISSERIE, 'how much is ur macaron mastercalss')).toMatch(/£55 per person/);
  });

  it('stores the question the team sees in the caller’s own words', async () => {
    const tools = recordingTools();
    await ask(PATISSERIE, 'do u do weding cakes 4 tmrw?', tools);
    expect(tools.questions).toEqual(['do u do weding cakes 4 tmrw?']);
  });
});

const BARBER = business('Sharp & Co Barbers', [
  service("Children's cut", '£14', 'For boys and girls under 12.'),
  service('Beard trim', '£12', 'Shape-up with a hot towel.'),
  service('Skin fade', '£22', 'Clipper fade down to the skin, finished with scissors.'),
]);

describe('a service asked for in other words', () => {
  it.each([
    { biz: GROOMER, question: 'How much for a bath and tidy for my little puppy?', price: /£25/ },
    { biz: HEATING, question: 'How much to clear the sludge out of my radiators?', price: /£350/ },
    { biz: BARBER, question: "How much is a haircut for my son? He's 8", price: /£14/ },
  ])('$question', async ({ biz, question, price }) => {
    expect(await ask(biz, question)).toMatch(price);
  });

  it.each([
    { biz: GROOMER, question: 'How much do you charge to look after a cat for a week?' },
    { biz: HEATING, question: 'How much would you charge to fit a new kitchen?' },
    { biz: HEATING, question: 'Do you service oil tanks?' },
    { biz: BARBER, question: 'How much is a tattoo?' },
  ])('passes on, unpriced, an unrelated question: $question', async ({ biz, question }) => {
    const tools = recordingTools();
    const reply = await ask(biz, question, tools);
    expect(reply).not.toMatch(/£\d/);
    expect(tools.questions).toEqual([question]);
  });
});
