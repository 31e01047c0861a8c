import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isOpenWhileOnboarding } from '#contract/routes';

const apiCall = vi.fn();
vi.mock('../../app/lib/api.server', () => ({ apiCall: (...args: unknown[]) => apiCall(...args) }));

const { entityLoadFailure } = await import('../../app/lib/guard.server');
const { getSession } = await import('../../app/lib/session.server');

type Entry = { _id: string };

async function stateFor(method: string, businesses: Entry[], selected: Entry) {
  const request = new Request('http://localhost/dashboard/customers/c1?tab=notes', { method });
  const session = await getSession(request);
  session.set('businessId', selected._id);
  return {
    token: 't',
    user: {},
    session,
    caller: { context: {}, request, token: 't', businessId: selected._id },
    businesses,
    business: selected,
    wizardFinished: true,
  } as never;
}

const notFound = {
  ok: false as const,
  status: 404,
  errors: ['The customer could not be found.'],
  fieldErrors: {},
  network: false,
};

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    const wrapped = error as { init?: { status?: number }; type?: string };
    if (wrapped?.type === 'DataWithResponseInit') return new Response(null, { status: wrapped.init?.status ?? 500 });
    throw error;
  }
  throw new Error('nothing was thrown');
}

beforeEach(() => apiCall.mockReset());

describe("a link to an entity of another of the user's businesses", () => {
  const a = { _id: 'a' };
  const b = { _id: 'b' };
  const c = { _id: 'c' };

  it('selects the business that has it and reloads the same page', async () => {
    apiCall.mockImplementation(async (caller?: { businessId?: string }) =>
      caller?.businessId === 'c' ? { ok: true, status: 200, data: {}, messages: [] } : notFound,
    );
    const state = await stateFor('GET', [a, b, c], a);
    const response = await thrown(entityLoadFailure(state, notFound, (client) => client.customers.get('c1')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/dashboard/customers/c1?tab=notes');
    expect(response.headers.get('Set-Cookie')).toContain('__session=');
    // Only the other businesses are asked, each once, with their own id.
    expect(apiCall.mock.calls.map(([caller, path]) => [caller.businessId, path])).toEqual([
      ['b', 'businesses/customers/b/get/c1'],
      ['c', 'businesses/customers/c/get/c1'],
    ]);
  });

  it("is not found when none of the user's businesses has it", async () => {
    apiCall.mockResolvedValue(notFound);
    const response = await thrown(
      entityLoadFailure(await stateFor('GET', [a, b], a), notFound, (client) => client.customers.get('c1')),
    );
    expect(response.status).toBe(404);
    expect(apiCall).toHaveBeenCalledTimes(1);
  });

  it('never switches on a form post, nor on a refusal other than not found', async () => {
    const response = await thrown(
      entityLoadFailure(await stateFor('POST', [a, b], a), notFound, (client) => client.customers.get('c1')),
    );
    expect(response.status).toBe(404);
    const forbidden = { ...notFound, status: 403, errors: ['You do not have permission to view customers'] };
    const refused = await thrown(
      entityLoadFailure(await stateFor('GET', [a, b], a), forbidden, (client) => client.customers.get('c1')),
    );
    expect(refused.status).toBe(403);
    expect(apiCall).not.toHaveBeenCalled();
  });
});

describe('pages open while the selected business is still being set up', () => {
  it('are the business pages, and nothing else', () => {
    for (const path of [
      '/dashboard/businesses',
      '/dashboard/businesses/b1',
      '/dashboard/business-create',
      '/dashboard/business-welcome',
      '/dashboard/business-welcome/b1',
    ]) {
      expect(isOpenWhileOnboarding(path)).toBe(true);
    }
    for (const path of [
      '/dashboard/customers',
      '/dashboard/settings',
      '/dashboard/settings/business-settings',
      '/dashboard/users',
    ]) {
      expect(isOpenWhileOnboarding(path)).toBe(false);
    }
  });
});
