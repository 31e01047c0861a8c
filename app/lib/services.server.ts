import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { ApiService } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { serviceSchema } from '#contract/schemas/service';
import { apiCall } from './api.server';
import { loadFailure } from './customers.server';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from './guard.server';
import { safeRedirect } from './safe-redirect';
import { apiToasts, redirectWithToasts } from './toast.server';

export function servicesPath(state: DashboardState): string {
  if (!state.business) throw redirect('/dashboard/onboard/mobile-submit');
  return `businesses/services/${state.business._id}`;
}

export function canEditServices(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'services/edit');
}

export async function getService(state: DashboardState, id: string): Promise<ApiService> {
  const result = await apiCall<{ service: ApiService }>(
    state.caller,
    `${servicesPath(state)}/get/${encodeURIComponent(id)}`,
  );
  if (!result.ok)
    return entityLoadFailure(state, result, (other) => `businesses/services/${other}/get/${encodeURIComponent(id)}`);
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
  const path = target.id
    ? `${servicesPath(state)}/update/${encodeURIComponent(target.id)}`
    : `${servicesPath(state)}/create`;
  const result = await apiCall<{ service: ApiService }>(state.caller, path, payload);
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  const fallback = `/dashboard/services/${result.data.service._id}`;
  const to = target.id ? safeRedirect(formData.get('back'), fallback) : fallback;
  return redirectWithToasts(request, to, apiToasts(path, result));
}
