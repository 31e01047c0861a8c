import { parseWithZod } from '@conform-to/zod/v4';
import { data, type AppLoadContext } from '@remix-run/node';
import type { ApiService } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { serviceSchema } from '#contract/schemas/service';
import { v1Calls } from '#contract/v1/index';
import { loadFailure } from '#app/lib/customers.server';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from '#app/lib/guard.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';

export function canEditServices(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'services/edit');
}

export async function getService(state: DashboardState, id: string): Promise<ApiService> {
  const result = await v1(state.caller).services.get(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.services.get(id));
  return result.data.service;
}

/** The full-page create and edit forms: services/edit is needed to open them at all. */
export async function requireServiceEditor(request: Request, context: AppLoadContext) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'services/edit');
  return state;
}

/**
 * The create and edit action, shared by the full pages and the dialogs (which post here
 * through a fetcher): a refusal comes back in place on the form, a save redirects with
 * the API's toast (to the service, or for an edit to where the form was opened from).
 */
export async function serviceFormAction(request: Request, context: AppLoadContext, target: { id?: string }) {
  const state = await requireServiceEditor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: serviceSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  // Send every field, so an emptied description or price clears what was stored.
  const payload = {
    ...submission.value,
    description: submission.value.description ?? '',
    price: submission.value.price ?? '',
  };
  const services = v1(state.caller).services;
  const result = target.id ? await services.update(target.id, payload) : await services.create(payload);
  const path = target.id ? v1Calls.services.update.path : v1Calls.services.create.path;
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  const fallback = `/dashboard/services/${result.data.service._id}`;
  const to = target.id ? safeRedirect(formData.get('back'), fallback) : fallback;
  return redirectWithToasts(request, to, apiToasts(path, result));
}
