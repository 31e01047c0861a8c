import { data } from '@remix-run/node';
import type { ApiLearningJob } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { learningMessages } from '#contract/messages';
import { v1Calls } from '#contract/v1/index';
import { requirePermission, type DashboardState } from './guard.server';
import { apiToasts, redirectWithToasts } from './toast.server';
import { v1 } from './v1.server';

/**
 * Website learning, shared by onboarding step 4 and the knowledge base's "Learn from my
 * website": both go through the same v1 calls (businesses/learning/...), so one crawler,
 * one outbound-address guard and one set of limits serve both pages.
 */
export type WebsiteReply = { form: 'website' | 'job'; errors: string[]; values?: Record<string, string> };

/** The newest learning jobs (none without memories/view, or when they cannot be read). */
export async function listLearningJobs(state: DashboardState, limit: number): Promise<ApiLearningJob[]> {
  if (!hasPermission(state.business?.permissions, 'memories/view')) return [];
  const result = await v1(state.caller).learning.list({ limit });
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
    const result = await v1(state.caller).learning.cancel(field('job_id'));
    return redirectWithToasts(request, back, apiToasts(v1Calls.learning.cancel.path, result));
  }
  const url = field('url');
  if (!url) return refused('website', [learningMessages.urlRequired], { url });
  const result = await v1(state.caller).learning.start({ url });
  if (!result.ok)
    return refused('website', [...new Set([...result.errors, ...Object.values(result.fieldErrors).flat()])], { url });
  return redirectWithToasts(request, back, apiToasts(v1Calls.learning.start.path, result));
}
