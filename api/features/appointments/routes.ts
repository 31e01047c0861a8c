import { createRoute, z } from '@hono/zod-openapi';
import { appointmentMessages } from '#contract/schemas/appointment';
import { appointments } from '#contract/v1/appointments';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import {
  cancelAppointment,
  createAppointment,
  editAppointment,
  findAppointment,
  freeSlots,
  listAppointments,
  serializeOneAppointment,
  type AppointmentResult,
} from '#api/features/appointments/service';
import { feedCalendar, feedStatus, regenerateFeed, revokeFeed } from '#api/features/appointments/calendar-feeds';

/** The answer to a booking, move or cancel: the appointment, and what the contact was texted, if anything. */
const booked = ({ appointment, customerMessage }: AppointmentResult, done: string) => ({
  data: { appointment },
  messages: customerMessage ? [done, customerMessage] : [done],
});

/** The appointment calls declared in contract/v1/appointments.ts; permissions are checked from there. */
export const appointmentsRouter = serveCalls(appointments, {
  list: async (c, { params, body }) => {
    const { db, clock } = c.var.deps;
    return { data: await listAppointments(db, params.business_id, body, clock.now()) };
  },
  get: async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await findAppointment(db, params.business_id, params.appointment_id);
    if (!row) throw notFound('The appointment');
    return { data: { appointment: await serializeOneAppointment(db, row) } };
  },
  freeSlots: async (c, { params, body }) => ({
    data: { slots: await freeSlots(c.var.deps, params.business_id, body) },
  }),
  create: async (c, { params, body }) => {
    const result = await createAppointment(c.var.deps, params.business_id, body, {
      source: 'manual',
      createdBy: c.var.auth.user.id,
    });
    return booked(result, appointmentMessages.created);
  },
  edit: async (c, { params, body }) =>
    booked(
      await editAppointment(c.var.deps, params.business_id, params.appointment_id, body),
      appointmentMessages.updated,
    ),
  cancel: async (c, { params, body }) =>
    booked(
      await cancelAppointment(c.var.deps, params.business_id, params.appointment_id, body),
      appointmentMessages.cancelledDone,
    ),
  feedStatus: async (c, { params }) => ({
    data: { feed: await feedStatus(c.var.deps.db, params.business_id, c.var.auth.user.id) },
  }),
  regenerateFeed: async (c, { params }) => {
    const feed = await regenerateFeed(c.var.deps, params.business_id, c.var.auth.user.id);
    return {
      data: { feed: { active: true, created_at: feed.created_at, url: feed.url } },
      messages: [appointmentMessages.feedCreated],
    };
  },
  revokeFeed: async (c, { params }) => {
    await revokeFeed(c.var.deps.db, params.business_id, c.var.auth.user.id);
    return { data: { feed: { active: false, created_at: null } }, messages: [appointmentMessages.feedRevoked] };
  },
}).openapi(
  createRoute({
    method: 'get',
    path: '/calendar/{token}',
    tags: ['Appointments'],
    summary:
      'A private calendar feed (text/calendar, RFC 5545); the token is the secret, so no bearer. The web server also answers it at /calendar/<token>.ics',
    request: { params: z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' } }) }) },
    responses: {
      200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } },
      404: { description: 'Unknown or revoked token', content: { 'text/plain': { schema: z.string() } } },
    },
  }),
  async (c): Promise<Response> => {
    const token = (c.req.param('token') ?? '').replace(/\.ics$/i, '');
    const text = await feedCalendar(c.var.deps, token);
    if (text === null)
      return new Response('No such calendar.\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    return new Response(text, {
      status: 200,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="appointments.ics"',
        'cache-control': 'private, max-age=300',
      },
    });
  },
);
