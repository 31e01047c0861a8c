import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#api/db/schema';
import { messages } from '#contract/messages';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { customerInput } from '#tests/support/customers';
import { expectFieldError } from '#tests/support/expect-envelope';
import { insertLeadcatcher, submitJson } from '#tests/support/leadcatcher';
import { addSystem, systemsPath } from '#tests/support/system-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const contacts = (businessId: string, action: string) => `businesses/customers/${businessId}/${action}`;
const E164 = messages.phone.invalid;
const gbBusiness = () => h.signUpWithBusiness({ business: { country: 'GB', telephones: ['020 7123 4567'] } });
const usBusiness = () => h.signUpWithBusiness({ business: { country: 'US', telephones: ['(212) 555-0199'] } });

describe('contacts: phones as people type them', () => {
  it('stores national, spaced and international-prefix numbers of a GB business in E.164', async () => {
    const owner = await gbBusiness();
    const created = await h.call(
      contacts(owner.business._id, 'create'),
      customerInput({
        phones: ['07700 900123', '+44 20 7946 0000', '0044 117 496 0010', '(0161) 496-0000', '+1 (415) 555-0100'],
      }),
      owner.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.customer.phones).toEqual([
      '+447700900123',
      '+442079460000',
      '+441174960010',
      '+441614960000',
      '+14155550100',
    ]);
    const [row] = await h.database.db
      .select({ phones: customers.phones })
      .from(customers)
      .where(eq(customers.id, created.body.data.customer._id));
    expect(row.phones).toEqual(['+447700900123', '+442079460000', '+441174960010', '+441614960000', '+14155550100']);

    const edited = await h.call(
      contacts(owner.business._id, `update/${created.body.data.customer._id}`),
      { phones: ['07700 900 456'] },
      owner.token,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.customer.phones).toEqual(['+447700900456']);
  });

  it('reads the same digits in the business country: a US business refuses a GB national number and reads its own', async () => {
    const gb = await gbBusiness();
    const us = await usBusiness();
    const inGb = await h.call(
      contacts(gb.business._id, 'create'),
      customerInput({ phones: ['07700 900123'] }),
      gb.token,
    );
    expect(inGb.body.data.customer.phones).toEqual(['+447700900123']);
    expectFieldError(
      await h.call(contacts(us.business._id, 'create'), customerInput({ phones: ['07700 900123'] }), us.token),
      'phones[0]',
      E164,
    );
    const inUs = await h.call(
      contacts(us.business._id, 'create'),
      customerInput({ phones: ['(415) 555-0100', '415.555.0101', '011 44 7700 900123'] }),
      us.token,
    );
    expect(inUs.status, JSON.stringify(inUs.body)).toBe(200);
    expect(inUs.body.data.customer.phones).toEqual(['+14155550100', '+14155550101', '+447700900123']);
  });

  it('still answers the E.164 message for what cannot be read, next to the row', async () => {
    const owner = await gbBusiness();
    for (const junk of ['12345', 'abc', '+44 12', '07700 900123 ext 4']) {
      expectFieldError(
        await h.call(
          contacts(owner.business._id, 'create'),
          customerInput({ phones: ['07700 900123', junk] }),
          owner.token,
        ),
        'phones[1]',
        E164,
      );
    }
  });

  it("reads a call in a business's country only for its members", async () => {
    const gb = await gbBusiness();
    const stranger = await usBusiness();
    const result = await h.call(
      contacts(gb.business._id, 'create'),
      customerInput({ phones: ['07700 900123'] }),
      stranger.token,
    );
    // A non-member is refused before the body is read (the declared permission runs first, ADR 049), so the
    // business's country never reads an outsider's number and nothing is created.
    expect(result.status).toBe(404);
    const list = await h.call(contacts(gb.business._id, 'list'), {}, gb.token);
    expect(list.body.data.customers).toHaveLength(0);
  });
});

describe('business, settings and systems numbers: as typed', () => {
  it('reads a new business telephones in the country of the same form, and refuses national ones without a country', async () => {
    const gb = await gbBusiness();
    expect(gb.business.telephones).toEqual(['+442071234567']);
    const us = await usBusiness();
    expect(us.business.telephones).toEqual(['+12125550199']);
    const account = await h.signUp();
    const refused = await h.call(
      'businesses/create',
      { name: 'No Country Ltd', email: 'nc@example.com', telephones: ['020 7123 4567'] },
      account.token,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.field_errors?.['telephones[0]']).toEqual([E164]);
    expectFieldError(
      await h.call(
        'businesses/create',
        { name: 'Junk Ltd', email: 'junk@example.com', country: 'GB', telephones: ['12345'] },
        account.token,
      ),
      'telephones[0]',
      E164,
    );
  });

  it('reads an updated business telephone in its stored country, or in the country sent with it', async () => {
    const gb = await gbBusiness();
    const kept = await h.call(`businesses/update/${gb.business._id}`, { telephones: ['0117 496 0010'] }, gb.token);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.business.telephones).toEqual(['+441174960010']);
    const moved = await h.call(
      `businesses/update/${gb.business._id}`,
      { country: 'US', telephones: ['(415) 555-0100'] },
      gb.token,
    );
    expect(moved.body.data.business.telephones).toEqual(['+14155550100']);
  });

  it('stores the escalation phone and a telephony transfer number typed nationally in E.164', async () => {
    const owner = await gbBusiness();
    const b = owner.business._id;
    const settings = await h.call(
      `businesses/settings/${b}/set`,
      { assistant: { escalation_phone: '07700 900 321' } },
      owner.token,
    );
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body.data.business_settings.assistant.escalation_phone).toBe('+447700900321');
    expectFieldError(
      await h.call(`businesses/settings/${b}/set`, { assistant: { escalation_phone: '12345' } }, owner.token),
      'assistant.escalation_phone',
      E164,
    );

    const system = await addSystem(h, b, owner.token, 'telephony');
    const set = await h.call(
      systemsPath(b, `settings/${system._id}/set`),
      { configurations: { data: { settings: { transfer_number: '020 7946 0123' } } } },
      owner.token,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.configurations.data.settings.transfer_number).toBe('+442079460123');
  });

  it("reads a lead catcher visitor's phone in the business country", async () => {
    const owner = await usBusiness();
    const system = await insertLeadcatcher(h, owner.business._id);
    const sent = await submitJson(
      h,
      system.id,
      { name: 'Pat Lee', phone: '(415) 555-0177' },
      { origin: 'https://shop.example' },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const rows = await h.database.db
      .select({ phones: customers.phones })
      .from(customers)
      .where(eq(customers.businessId, owner.business._id));
    expect(rows.map((row) => row.phones)).toEqual([['+14155550177']]);
    const junk = await submitJson(
      h,
      system.id,
      { name: 'Pat Lee', phone: '07700 900123' },
      { origin: 'https://shop.example' },
    );
    expect(junk.status).toBe(422);
    expect(junk.body.field_errors?.phone).toEqual([E164]);
  });
});
