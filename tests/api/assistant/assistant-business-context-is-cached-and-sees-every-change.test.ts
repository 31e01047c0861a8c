import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businesses, services } from '#api/db/schema';
import { loadBusinessContext } from '#api/services/assistant/context';
import { createConversation } from '#api/services/assistant/conversations';
import { postMessage, waitForReplies, type TurnDeps } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createMemory } from '#tests/support/memories';
import { createService } from '#tests/support/services';

/**
 * The business context (business, active services, products) is kept between turns, and
 * must never be stale: an owner's edit through the v1 API, or any other write to those rows
 * (another server instance, a script), is seen by the next message; one business is never
 * given another's.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await waitForReplies(h.deps);
});
afterAll(async () => {
  await h.close();
});

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const hoursFrom = (start: string) => WEEKDAYS.map((day) => ({ day, open: true, start, end: '17:00' }));

async function ask(businessId: string, userId: string, message: string): Promise<string> {
  const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId });
  const turn = await postMessage(h.deps as TurnDeps, { businessId, conversationId: conversation.id, message });
  return turn.reply.content;
}

describe('the business context between turns', () => {
  it('is read once while nothing changes, and again after any write to the business, its services or products', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const { db } = h.deps;
    const first = await loadBusinessContext(db, b);
    expect(await loadBusinessContext(db, b)).toBe(first);
    expect(Object.isFrozen(first.services)).toBe(true);

    const service = await createService(h, b, owner.token, { name: 'Window cleaning', price: '£20', status: 'active' });
    const withService = await loadBusinessContext(db, b);
    expect(withService.services.map((item) => [item.name, item.price])).toContainEqual(['Window cleaning', '£20']);

    expect((await h.call(`businesses/services/${b}/update/${service._id}`, { price: '£25' }, owner.token)).status).toBe(
      200,
    );
    expect((await loadBusinessContext(db, b)).services.find((item) => item._id === service._id)?.price).toBe('£25');

    expect((await h.call(`businesses/services/${b}/delete/${service._id}`, undefined, owner.token)).status).toBe(200);
    expect((await loadBusinessContext(db, b)).services.some((item) => item._id === service._id)).toBe(false);

    const product = await createMemory(h, b, owner.token, {
      type: 'product',
      status: 'active',
      title: 'Rye loaf',
      content: 'Rye loaf, £4',
    });
    expect((await loadBusinessContext(db, b)).products.map((item) => item.name)).toContain('Rye loaf');
    expect((await h.call(`businesses/memories/${b}/update/${product._id}`, { type: 'text' }, owner.token)).status).toBe(
      200,
    );
    expect((await loadBusinessContext(db, b)).products).toEqual([]);

    expect(
      (await h.call(`businesses/settings/${b}/set`, { opening_hours: hoursFrom('07:15') }, owner.token)).status,
    ).toBe(200);
    expect(JSON.stringify((await loadBusinessContext(db, b)).settings.opening_hours)).toContain('07:15');

    // A write this code never made (another instance, a script, plain SQL) is seen too.
    await db.update(businesses).set({ name: 'Renamed Elsewhere Ltd' }).where(eq(businesses.id, b));
    expect((await loadBusinessContext(db, b)).name).toBe('Renamed Elsewhere Ltd');
    await db.execute(sql`update services set status = 'inactive' where business_id = ${b}`);
    expect((await loadBusinessContext(db, b)).services).toEqual([]);
    await db.delete(services).where(eq(services.businessId, b));
    expect((await loadBusinessContext(db, b)).services).toEqual([]);
  });

  it('answers the next message with the hours and prices the owner just changed', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const userId = owner.user._id as string;
    await h.call(`businesses/settings/${b}/set`, { opening_hours: hoursFrom('08:00') }, owner.token);
    const service = await createService(h, b, owner.token, { name: 'Gutter clearing', price: '£40', status: 'active' });
    expect(await ask(b, userId, 'What are your opening hours?')).toMatch(/8(:00)?\s?am/i);
    expect(await ask(b, userId, 'How much is gutter clearing?')).toContain('£40');

    await h.call(`businesses/settings/${b}/set`, { opening_hours: hoursFrom('10:30') }, owner.token);
    await h.call(`businesses/services/${b}/update/${service._id}`, { price: '£55' }, owner.token);
    const hours = await ask(b, userId, 'What are your opening hours?');
    expect(hours).toMatch(/10:30\s?am/i);
    expect(hours).not.toMatch(/\b8(:00)?\s?am/i);
    const price = await ask(b, userId, 'How much is gutter clearing?');
    expect(price).toContain('£55');
    expect(price).not.toContain('£40');
  });

  it('never gives one business the context of another', async () => {
    const one = await h.signUpWithBusiness({ business: { name: 'First Bakery Ltd' } });
    const two = await h.signUpWithBusiness({ business: { name: 'Second Salon Ltd' } });
    await createService(h, one.business._id as string, one.token, { name: 'Sourdough class', status: 'active' });
    const first = await loadBusinessContext(h.deps.db, one.business._id as string);
    const second = await loadBusinessContext(h.deps.db, two.business._id as string);
    expect(first.id).toBe(one.business._id);
    expect(first.name).toBe('First Bakery Ltd');
    expect(second.id).toBe(two.business._id);
    expect(second.name).toBe('Second Salon Ltd');
    expect(second.services.map((item) => item.name)).not.toContain('Sourdough class');
  });
});
