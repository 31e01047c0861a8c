import { describe, expect, it } from 'vitest';
import { traitsOf, type BusinessProfile } from '#api/features/training-questions/business-profile';
import { candidateQuestions, spokenName } from '#api/features/training-questions/catalogue';

function profile(input: {
  services?: string[];
  products?: string[];
  knowledge?: string;
  address?: boolean;
}): BusinessProfile {
  const services = input.services ?? [];
  const products = input.products ?? [];
  return {
    services: services.map((name, index) => ({ id: `s${index}`, name, priced: false })),
    products: products.map((name, index) => ({ id: `p${index}`, name, priced: true })),
    hasAddress: input.address ?? true,
    hasOpeningHours: true,
    traits: traitsOf({ services, products, knowledge: input.knowledge ?? '' }),
  };
}

const keys = (p: BusinessProfile) => candidateQuestions(p).map((question) => question.key.replace(/:.*/, ''));

describe('the kind of business, from what it offers', () => {
  it('a shop that also runs a class or a consultation is a shop first: bookings and cancellations, but no walk-ins or appointment waits', () => {
    const shop = profile({
      services: ['Celebration cakes', 'Pastry making class', 'Party platters'],
      products: ['Fruit scone', 'Ginger loaf', 'Custard tart', 'Flapjack'],
      knowledge: 'Fresh bakes every morning. Book a tasting consultation for your event.',
    });
    expect(shop.traits).toMatchObject({ goods: 'main', appointments: 'some', visits: 'none', food: true });
    expect(keys(shop)).toEqual(
      expect.arrayContaining(['booking', 'cancellations', 'delivery', 'order_ahead', 'dietary']),
    );
    for (const key of [
      'walk_ins',
      'appointment_availability',
      'service_duration',
      'emergency',
      'quotes',
      'area_served',
    ])
      expect(keys(shop)).not.toContain(key);
  });

  it('a trade that sells a few parts on the side is asked as a trade, not as a shop', () => {
    const trade = profile({
      services: ['Boiler repair', 'Radiator installation', 'Power flush', 'Leak detection'],
      products: ['Thermostatic valve'],
      knowledge: 'Gas Safe registered engineers.',
      address: false,
    });
    expect(trade.traits).toMatchObject({ visits: 'main', goods: 'some' });
    expect(keys(trade)).toEqual(
      expect.arrayContaining(['booking', 'area_served', 'emergency', 'quotes', 'availability', 'guarantee']),
    );
    for (const key of ['delivery', 'order_ahead', 'returns', 'dietary', 'walk_ins', 'parking'])
      expect(keys(trade)).not.toContain(key);
    expect(candidateQuestions(trade).find((question) => question.key === 'booking')?.question).toBe(
      'How do I book a visit?',
    );
  });

  it('a clinic seen by appointment is asked about appointments and how long each treatment takes, not about delivery or call-outs', () => {
    const clinic = profile({
      services: ['Sports massage', 'Initial assessment', 'Acupuncture session'],
      knowledge: 'Our physiotherapy clinic treats back and joint pain.',
    });
    expect(clinic.traits).toMatchObject({ appointments: 'main', visits: 'none', goods: 'none' });
    const questions = candidateQuestions(clinic).map((question) => question.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'Do you take walk-ins?',
        'How soon can I get an appointment?',
        'How long does a sports massage take?',
        'How much is an initial assessment?',
      ]),
    );
    expect(questions.join(' ')).not.toMatch(/deliver|call-out|quote|order/i);
  });

  it('a business that has told nothing is asked only what every business is', () => {
    expect(keys(profile({ knowledge: '' }))).toEqual([
      'opening_hours',
      'prices',
      'services_offered',
      'location',
      'payment_methods',
      'parking',
    ]);
  });

  it('names read naturally inside a question', () => {
    expect(spokenName('Full head colour').phrase).toBe('a full head colour');
    expect(spokenName('EV charger installation').phrase).toBe('an EV charger installation');
    expect(spokenName('Kids cut (under 12)').phrase).toBe('a kids cut');
    expect(spokenName('Wedding cakes')).toEqual({ phrase: 'wedding cakes', plural: true });
    expect(spokenName('Dog grooming').phrase).toBe('dog grooming');
    expect(candidateQuestions(profile({ services: ['Extra sockets'] })).map((question) => question.question)).toContain(
      'How much are extra sockets?',
    );
  });
});

describe('a food business that entered no products', () => {
  it('is a shop of food whether it listed its bakes as services or only wrote about them', () => {
    const listed = profile({ services: ['Birthday cakes', 'Cupcakes by the dozen', 'Savoury pies'] });
    const written = profile({
      knowledge: 'Our café serves breakfast and lunch, with fresh sandwiches, soups and homemade cakes.',
    });
    for (const shop of [listed, written]) {
      expect(shop.traits).toMatchObject({ goods: 'main', food: true, visits: 'none' });
      expect(keys(shop)).toEqual(expect.arrayContaining(['delivery', 'order_ahead', 'dietary']));
      expect(keys(shop)).not.toContain('emergency');
    }
  });

  it('a shop with products that writes about its classes and consultations is a shop first', () => {
    const shop = profile({
      products: ['Rye loaf', 'Fruit cake'],
      knowledge: 'Join one of our weekend classes, or book a consultation for a celebration cake.',
    });
    expect(shop.traits).toMatchObject({ goods: 'main', appointments: 'some' });
    expect(keys(shop)).toContain('booking');
    expect(keys(shop)).not.toContain('walk_ins');
  });

  it('a salon whose treatments mention colour or a café corner stays a salon', () => {
    const salon = profile({
      services: ['Cut and finish', 'Root colour', 'Brow shape'],
      knowledge: 'Enjoy a coffee while you wait.',
    });
    expect(salon.traits).toMatchObject({ appointments: 'main', goods: 'none' });
    expect(keys(salon)).not.toContain('delivery');
  });
});
