import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiAppointment } from '#contract/v1/appointments';

/**
 * The contact page's "Upcoming appointments": the loader asks the v1 list for the contact's
 * booked appointments still to come, only for a member who may view customers, and the
 * section links each one (server-rendered, so it works without JavaScript).
 */
const apiCall = vi.fn();
vi.mock('../../app/lib/api.server', () => ({ apiCall: (...args: unknown[]) => apiCall(...args) }));

const { customerAppointments } = await import('../../app/lib/appointments.server');
const { CustomerAppointments } = await import('../../app/components/appointments/customer-appointments');

// The guard sets the caller's business to the selected one (app/lib/guard.server.ts).
const caller = { token: 't', businessId: 'b1' };
const state = (permissions: string[]) => ({ caller, business: { _id: 'b1', permissions } }) as never;

const appointment = (id: string, start: string, service: string | null): ApiAppointment => ({
  _id: id,
  customer_id: 'c1',
  customer: { _id: 'c1', name: 'Kim Park' },
  service_id: service ? 's1' : null,
  service: service ? { _id: 's1', name: service } : null,
  start_at: start,
  end_at: new Date(new Date(start).getTime() + 3_600_000).toISOString(),
  status: 'booked',
  notes: null,
  source: 'assistant',
  created_by: null,
  cancelled_at: null,
  created_at: start,
  updated_at: start,
});

beforeEach(() => apiCall.mockReset());

describe("a contact's upcoming appointments", () => {
  it('are the booked ones still to come, asked of the v1 list for this contact', async () => {
    const listed = { appointments: [appointment('a1', '2026-12-01T09:30:00.000Z', 'Haircut')], total: 1 };
    apiCall.mockResolvedValue({ ok: true, status: 200, data: listed, messages: [] });
    expect(await customerAppointments(state(['customers/view']), 'c1')).toEqual(listed);
    expect(apiCall).toHaveBeenCalledWith(caller, 'businesses/appointments/b1/list', {
      when: 'upcoming',
      status: 'booked',
      customer_id: 'c1',
      limit: 5,
    });
  });

  it('are not asked for, nor shown, without customers/view; a failed list leaves the section out rather than the page', async () => {
    expect(await customerAppointments(state(['notes/view']), 'c1')).toBeNull();
    expect(apiCall).not.toHaveBeenCalled();
    apiCall.mockResolvedValue({
      ok: false,
      status: 500,
      errors: ['Something went wrong.'],
      fieldErrors: {},
      network: false,
    });
    expect(await customerAppointments(state(['admin']), 'c1')).toBeNull();
  });

  it('link each appointment, say when and what it is for, and say how many more there are', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(CustomerAppointments, {
          appointments: {
            appointments: [
              appointment('a1', '2026-12-01T09:30:00.000Z', 'Haircut'),
              appointment('a2', '2026-12-03T10:00:00.000Z', null),
            ],
            total: 7,
          },
          timeZone: 'Europe/London',
        }),
      ),
    );
    expect(html).toContain('Upcoming appointments');
    expect(html).toContain('href="/dashboard/appointments/a1"');
    expect(html).toContain('href="/dashboard/appointments/a2"');
    expect(html).toMatch(/1 Dec 2026, 09:30 – 10:30/);
    expect(html).toContain('Haircut');
    expect(html).toContain('booked by the assistant');
    expect(html).toContain('and 5 more');
  });

  it('say so when there are none', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(CustomerAppointments, {
          appointments: { appointments: [], total: 0 },
          timeZone: 'Europe/London',
        }),
      ),
    );
    expect(html).toContain('No upcoming appointments.');
  });
});
