import { faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { ApiDeps } from '#api/deps';
import { businesses, businessUsers, users } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { hashPassword } from '#api/lib/password';
import { createCustomer } from '#api/features/customers/service';
import { completeTask, createCall, createForm, createNote, createSms } from '#api/features/timeline/service';
import { CUSTOMER_STATUSES } from '#contract/schemas/customer';

/**
 * A realistic small business: an owner, contacts, calls, SMS, forms, notes and tasks, made
 * through the same service functions the telephony and lead-catcher systems will use.
 * Used by `npm run seed:demo` and by the benchmarks.
 */
export type SeedOptions = { contacts: number; items: number; email: string; password: string; seed?: number };
type SeedDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster'>;

const DAY = 24 * 60 * 60 * 1000;
const ukMobile = () => `+4477${faker.string.numeric(8)}`;

const CALL_SUMMARIES = [
  'Asked for a quote for a boiler service next week.',
  'Wanted to know the opening hours on Saturday.',
  'Booked a callback about the kitchen refit.',
  'Complained that the engineer was late; apologised and rebooked.',
  'Asked whether we cover their postcode.',
];
const SMS_TEXTS = [
  'Hi, are you open tomorrow?',
  'Thanks, see you at 10!',
  'Can I move my appointment to Friday?',
  'What is the price for a standard service?',
  'Running 10 minutes late, sorry',
];
const TASKS = [
  'Call back about the quote',
  'Send the invoice',
  'Order the replacement part',
  'Confirm Friday appointment',
  'Follow up on the review',
];

export async function seedDemoBusiness(deps: SeedDeps, options: SeedOptions) {
  // One transaction: all or nothing, and one disk sync instead of one per write.
  return deps.db.transaction((tx) => seed({ ...deps, db: tx as unknown as SeedDeps['db'] }, options));
}

async function seed(deps: SeedDeps, options: SeedOptions) {
  faker.seed(options.seed ?? 42);
  const now = deps.clock.now();
  const { db } = deps;

  // The owner and the business, as users/create and businesses/create make them.
  const [existing] = await db.select().from(users).where(eq(users.email, options.email)).limit(1);
  const userId = existing?.id ?? newId();
  if (!existing) {
    await db.insert(users).values({
      id: userId,
      name: 'Demo Owner',
      email: options.email,
      passwordHash: await hashPassword(options.password),
      mobile: '+447700900001',
      mobileVerifiedAt: now,
    });
  }
  const businessId = newId();
  await db.insert(businesses).values({
    id: businessId,
    name: `${faker.company.name()} Plumbing`,
    email: options.email,
    country: 'GB',
    telephones: ['+442071234567'],
    address: '10 High Street, London',
    timezone: 'Europe/London',
    completedTestAt: now,
    onboarding: { data_loaded: true, training_done: true },
    createdBy: userId,
  });
  await db.insert(businessUsers).values({ id: newId(), businessId, userId, permissions: ['admin'] });

  // Contacts; every twentieth shares a phone with the one before it (a merge candidate).
  const contacts: { id: string; phone: string }[] = [];
  for (let i = 0; i < options.contacts; i++) {
    const phone = i % 20 === 19 && contacts.length ? contacts[contacts.length - 1].phone : ukMobile();
    const customer = await createCustomer(deps, businessId, {
      first_name: faker.person.firstName(),
      last_name: faker.person.lastName(),
      status: faker.helpers.arrayElement(CUSTOMER_STATUSES),
      phones: [phone],
      emails: i % 3 === 0 ? [] : [faker.internet.email().toLowerCase()],
      addresses:
        i % 4 === 0
          ? [
              {
                line_1: faker.location.streetAddress(),
                city: faker.location.city(),
                postcode: faker.location.zipCode('??# #??'),
                country: 'GB',
              },
            ]
          : [],
    });
    contacts.push({ id: customer._id, phone });
  }

  // The timeline, spread over the last 30 days.
  for (let i = 0; i < options.items; i++) {
    const contact = contacts.length ? faker.helpers.arrayElement(contacts) : null;
    const at = new Date(now.getTime() - faker.number.int({ min: 0, max: 30 * DAY }));
    const kind = i % 6;
    if (kind === 0 || kind === 1) {
      const status = faker.helpers.arrayElement(['completed', 'completed', 'voicemail', 'missed_call']);
      const direction = kind === 0 ? 'inbound' : 'outbound';
      await createCall(deps, {
        businessId,
        direction,
        status,
        from: direction === 'inbound' ? contact?.phone : '+442071234567',
        to: direction === 'inbound' ? '+442071234567' : contact?.phone,
        customerId: contact?.id,
        body: status === 'completed' ? faker.helpers.arrayElement(CALL_SUMMARIES) : null,
        details:
          status === 'completed'
            ? {
                duration_seconds: faker.number.int({ min: 20, max: 600 }),
                summary: faker.helpers.arrayElement(CALL_SUMMARIES),
                transcript: 'Caller: Hello…\nAssistant: Hello, how can I help?',
              }
            : {},
        at,
      });
    } else if (kind === 2) {
      const direction = faker.helpers.arrayElement(['inbound', 'outbound'] as const);
      await createSms(deps, {
        businessId,
        direction,
        from: contact?.phone,
        to: '+442071234567',
        customerId: contact?.id,
        body: faker.helpers.arrayElement(SMS_TEXTS),
        at,
      });
    } else if (kind === 3) {
      const name = faker.person.fullName();
      await createForm(deps, {
        businessId,
        customerId: contact?.id,
        body: `Quote request from ${name}`,
        details: {
          form_name: 'Contact us',
          page_url: 'https://example.com/contact',
          fields: { name, phone: contact?.phone ?? '', message: 'Please call me about a quote.' },
        },
        at,
      });
    } else {
      const isTask = kind === 5;
      const reminder = isTask
        ? new Date(now.getTime() + faker.number.int({ min: -3 * DAY, max: 7 * DAY })).toISOString()
        : null;
      const note = await createNote(
        deps,
        businessId,
        {
          body: isTask ? faker.helpers.arrayElement(TASKS) : faker.lorem.sentence(),
          customer_id: i % 10 === 4 ? null : contact?.id,
          reminder,
          repeat: isTask && i % 4 === 1 ? { every: 'week', interval: 1 } : null,
        },
        { actorId: userId },
      );
      if (isTask && i % 3 === 0) await completeTask(deps, businessId, note._id, { actorId: userId });
    }
  }
  return { userId, businessId };
}
