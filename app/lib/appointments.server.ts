import { durationLabel } from '#contract/schemas/service';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from '@remix-run/node';
import { hasPermission } from '#contract/permissions';
import { appointmentCreateSchema, appointmentEditSchema, type AppointmentWhen } from '#contract/schemas/appointment';
import type { ApiAppointment } from '#contract/v1/appointments';
import { v1Calls } from '#contract/v1/index';
import { loadFailure } from './invariant.server';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requirePermission, type DashboardState } from './guard.server';
import { apiToasts, redirectWithToasts } from './toast.server';
import { v1 } from './v1.server';

/** The appointments pages (/dashboard/appointments and /dashboard/appointments/{id}) talk to v1Calls.appointments (docs/appointments.md). */
const declared = v1Calls.appointments;

export const canEditAppointments = (state: DashboardState) =>
  hasPermission(state.business?.permissions, 'customers/edit');

export async function listAppointments(state: DashboardState, when: AppointmentWhen, page: number, limit: number) {
  const result = await v1(state.caller).appointments.list({ when, page, limit });
  if (!result.ok) loadFailure(result);
  return result.data;
}

/** How many of a contact's upcoming appointments their page shows. */
export const CONTACT_APPOINTMENTS = 5;

/**
 * A contact's booked appointments still to come, for their page: null without customers/view
 * (the section is left out), and null when the list fails, so the contact still opens.
 */
export async function customerAppointments(
  state: DashboardState,
  customerId: string,
): Promise<{ appointments: ApiAppointment[]; total: number } | null> {
  if (!hasPermission(state.business?.permissions, 'customers/view')) return null;
  const result = await v1(state.caller).appointments.list({
    when: 'upcoming',
    status: 'booked',
    customer_id: customerId,
    limit: CONTACT_APPOINTMENTS,
  });
  return result.ok ? result.data : null;
}

export async function getAppointment(state: DashboardState, id: string): Promise<ApiAppointment> {
  const result = await v1(state.caller).appointments.get(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.appointments.get(id));
  return result.data.appointment;
}

export async function feedStatus(state: DashboardState) {
  const result = await v1(state.caller).appointments.feedStatus();
  return result.ok ? result.data.feed : { active: false, created_at: null };
}

/** The services an appointment can be for (none when the member may not see services). */
export async function serviceOptions(state: DashboardState): Promise<{ _id: string; name: string }[]> {
  if (!hasPermission(state.business?.permissions, 'services/view')) return [];
  const result = await v1(state.caller).services.list({ limit: 100 });
  return result.ok
    ? result.data.services
        .filter((service) => service.status === 'active')
        .map((service) => ({ _id: service._id, name: `${service.name} (${durationLabel(service.duration_minutes)})` }))
    : [];
}

const notify = (formData: FormData) => formData.get('notify_customer') === 'on';

/**
 * The list page's forms, one hidden intent each (plain POSTs, so they work without
 * JavaScript): create, and the calendar feed's regenerate and revoke. A new feed address is
 * answered as action data (shown once on the page, never put in a cookie or the URL).
 */
export async function appointmentsAction(request: Request, state: DashboardState) {
  const formData = await request.formData();
  const intent = formData.get('intent');
  const self = `/dashboard/appointments${new URL(request.url).search}`;
  if (intent === 'feed-regenerate' || intent === 'feed-revoke') {
    requirePermission(state, 'customers/view');
    const appointments = v1(state.caller).appointments;
    if (intent === 'feed-revoke')
      return redirectWithToasts(request, self, apiToasts(declared.revokeFeed.path, await appointments.revokeFeed()));
    const result = await appointments.regenerateFeed();
    if (result.ok && result.data.feed.url)
      return data({ feedUrl: result.data.feed.url, feedMessage: result.messages[0] ?? null });
    return redirectWithToasts(request, self, apiToasts(declared.regenerateFeed.path, result));
  }
  requirePermission(state, 'customers/edit');
  const submission = parseWithZod(formData, { schema: appointmentCreateSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await v1(state.caller).appointments.create({
    ...submission.value,
    notify_customer: notify(formData),
  });
  if (!result.ok) {
    if (result.status === 403) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  return redirectWithToasts(request, '/dashboard/appointments', apiToasts(declared.create.path, result));
}

/** The appointment page's forms: edit (move, service, notes) and cancel. */
export async function appointmentAction(request: Request, state: DashboardState, id: string) {
  requirePermission(state, 'customers/edit');
  const formData = await request.formData();
  const intent = formData.get('intent');
  const self = `/dashboard/appointments/${encodeURIComponent(id)}`;
  if (intent === 'cancel') {
    const result = await v1(state.caller).appointments.cancel(id, { notify_customer: notify(formData) });
    if (!result.ok && result.status === 404) loadFailure(result);
    return redirectWithToasts(request, self, apiToasts(declared.cancel.path, result));
  }
  const submission = parseWithZod(formData, { schema: appointmentEditSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await v1(state.caller).appointments.edit(id, {
    ...submission.value,
    // Members who may not see services get no service field: their edit keeps the service.
    service_id: formData.has('service_id') ? (submission.value.service_id ?? null) : undefined,
    notes: submission.value.notes ?? null,
    notify_customer: notify(formData),
  });
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  return redirectWithToasts(request, self, apiToasts(declared.edit.path, result));
}
