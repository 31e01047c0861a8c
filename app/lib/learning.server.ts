import { data } from '@remix-run/node';
import type { ApiLearningJob } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { learningMessages } from '#contract/messages';
import { apiCall } from './api.server';
import { requirePermission, type DashboardState } from './guard.server';
import { apiToasts, redirectWithToasts } from './toast.server';
import { httpError } from './invariant.server';

/**
 * Website learning, shared by onboarding step 4 and the knowledge base's "Learn from my
 * website": both go through the same v1 calls (businesses/learning/...), so one crawler,
 * one outbound-address guard and one set of limits serve both pages.
 */
export type WebsiteReply = { form: 'website' | 'job'; errors: string[]; values?: Record<string, string> };

const learningPath = (state: DashboardState) => {
  if (!state.business) httpError(404, 'Create your business first.');
  return `businesses/learning/${state.business._id}`;
};

/** The newest learning jobs (none without memories/view, or when they cannot be read). */
export async function listLearningJobs(state: DashboardState, limit: number): Promise<ApiLearningJob[]> {
  if (!hasPermission(state.business?.permissions, 'memories/view')) return [];
  const result = await apiCall<{ jobs: ApiLearningJob[] }>(state.caller, `${learningPath(state)}/list`, { limit });
  return result.ok ? result.data.jobs : [];
}

const refused = (form: WebsiteReply['form'], errors: string[], values?: WebsiteReply['values']) =>
  data<WebsiteReply>({ form, errors, values }, { status: 400 });

/**
 * The "website" (start or re-learn a site) and "cancel" intents of a form post, back to
 * `back` with the API's toast; null for any other intent (the page handles it).
 */
export async function websiteLearningAction(request: Request, state: DashboardState, formData: FormData, back: string) {
  const intent = formData.get('intent');
  if (intent !== 'website' && intent !== 'cancel') return null;
  requirePermission(state, 'memories/edit');
  const field = (key: string) => {
    const value = formData.get(key);
    return typeof value === 'string' ? value.trim() : '';
  };
  if (intent === 'cancel') {
    const path = `${learningPath(state)}/cancel/${encodeURIComponent(field('job_id'))}`;
    const result = await apiCall(state.caller, path);
    return redirectWithToasts(request, back, apiToasts(path, result));
  }
  const url = field('url');
  if (!url) return refused('website', [learningMessages.urlRequired], { url });
  const path = `${learningPath(state)}/start`;
  const result = await apiCall(state.caller, path, { url });
  if (!result.ok)
    return refused('website', [...new Set([...result.errors, ...Object.values(result.fieldErrors).flat()])], { url });
  return redirectWithToasts(request, back, apiToasts(path, result));
}
