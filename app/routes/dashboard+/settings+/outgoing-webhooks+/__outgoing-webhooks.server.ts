import type { Submission } from '@conform-to/react';
import { data, type AppLoadContext } from '@remix-run/node';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ApiFail } from '#app/lib/api.server';
import { requireDashboard, requirePermission, type DashboardState } from '#app/lib/guard.server';
import { httpError } from '#app/lib/invariant.server';
import { outgoingWebhookFormSchema } from '#app/routes/dashboard+/settings+/outgoing-webhooks+/__outgoing-webhook-form';

/** The outgoing webhook pages are for the business's admins (like the v1 calls they use). */
export async function requireWebhookAdmin(
  request: Request,
  context: AppLoadContext,
): Promise<DashboardState & { business: NonNullable<DashboardState['business']> }> {
  const state = await requireDashboard(request, context);
  if (!state.business) httpError(404, 'Create your business first.');
  requirePermission(state, 'admin');
  return state as DashboardState & { business: NonNullable<DashboardState['business']> };
}

/**
 * The endpoint form's submission (add and edit), checked with the schema the form validates
 * with in the browser. Here, not in the routes: the pages import the form only through its
 * deferred module, so the schema, conform and zod stay out of their first load.
 */
export function parseEndpointForm(formData: FormData) {
  return parseWithZod(formData, { schema: outgoingWebhookFormSchema });
}

export type WebhookReply = { form: string; result: SubmissionResult<string[]> };

/** A form's refusal: the browser's own check, or the API's field errors placed on the fields. */
export function refuseForm<T>(form: string, submission: Submission<T>, result?: ApiFail) {
  if (!result) return data<WebhookReply>({ form, result: submission.reply() }, { status: 400 });
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(result.fieldErrors)) fieldErrors[key.replace(/\[\d+\]$/, '')] = value;
  const placed = new Set(Object.values(fieldErrors).flat());
  return data<WebhookReply>(
    {
      form,
      result: submission.reply({ fieldErrors, formErrors: result.errors.filter((error) => !placed.has(error)) }),
    },
    { status: result.status === 429 ? 429 : 400 },
  );
}
