import { parseWithZod } from '@conform-to/zod/v4';
import { PageHeader } from '#app/components/ui/page-header';
import type { Submission } from '@conform-to/react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { hasPermission } from '#contract/permissions';
import {
  assistantFormSchema,
  hoursFormSchema,
  withUntickedBoxes,
  type SettingsReply,
} from '#app/components/assistant/settings-forms';
import { HoursForm } from '#app/components/assistant/hours-form.deferred';
import { AssistantSettingsForm } from '#app/components/assistant/settings-forms.deferred';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import type { ApiFail } from '#app/lib/api.server';
import { businessSettingsCalls, settingsSetPath } from '#app/lib/business-settings.server';
import { loadFailure } from '#app/lib/assistant.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { withPhoneLabels } from '#app/lib/phone-labels.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Assistant settings · Business Assistant' }];

const SELF = '/dashboard/assistant-settings';

/**
 * How the assistant talks to callers (its name, greeting, tone, what it does when unsure,
 * the escalation number, booking capture, the engine) and the compact hours editor (the
 * week and special dates). Two forms, so saving the greeting never saves suggested hours
 * nobody checked. Changes apply from the assistant's next message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const result = await businessSettingsCalls(state).get();
  if (!result.ok) loadFailure(result);
  return withPhoneLabels({
    settings: result.data.business_settings,
    canEdit: hasPermission(state.business?.permissions, 'businesses/edit'),
  });
}

function refuse<T>(form: SettingsReply['form'], submission: Submission<T>, result?: ApiFail) {
  if (!result) return data<SettingsReply>({ form, result: submission.reply() }, { status: 400 });
  const fieldErrors = { ...result.fieldErrors };
  const placed = new Set(Object.values(fieldErrors).flat());
  return data<SettingsReply>(
    {
      form,
      result: submission.reply({ fieldErrors, formErrors: result.errors.filter((error) => !placed.has(error)) }),
    },
    { status: result.status === 429 ? 429 : 400 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'businesses/edit');
  const formData = await request.formData();
  const businessSettings = businessSettingsCalls(state);

  if (formData.get('intent') === 'hours') {
    // Add and remove a special date are conform intents: answered with the list changed.
    const submission = parseWithZod(withUntickedBoxes(formData), { schema: hoursFormSchema });
    if (submission.status !== 'success') return refuse('hours', submission);
    const result = await businessSettings.set(submission.value);
    if (!result.ok) return refuse('hours', submission, result);
    return redirectWithToasts(request, SELF, apiToasts(settingsSetPath, result));
  }

  const submission = parseWithZod(formData, { schema: assistantFormSchema });
  if (submission.status !== 'success') return refuse('assistant', submission);
  const assistant = submission.value.assistant;
  // An emptied field arrives as nothing: send it cleared, not "unchanged".
  const result = await businessSettings.set({
    assistant: {
      ...assistant,
      name: assistant.name ?? '',
      greeting: assistant.greeting ?? '',
      escalation_phone: assistant.escalation_phone ?? null,
      capture_bookings: assistant.capture_bookings ?? false,
      recording_notice: assistant.recording_notice ?? false,
    },
  });
  if (!result.ok) return refuse('assistant', submission, result);
  return redirectWithToasts(request, SELF, apiToasts(settingsSetPath, result));
}

export default function AssistantSettingsRoute() {
  const { settings, canEdit } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Assistant settings"
        align="end"
        actions={
          <Link to="/dashboard/assistant-conversations" className="text-sm font-medium text-brand-600 underline">
            Talk to the assistant
          </Link>
        }
      >
        <p className="text-sm text-slate-600">
          How the assistant talks to your callers. Changes apply from its next message.
        </p>
      </PageHeader>
      {!canEdit ? (
        <p className="text-sm text-slate-600">
          You can see these settings; changing them needs permission to edit the business.
        </p>
      ) : null}
      <Card aria-labelledby="assistant-heading">
        <h2 id="assistant-heading" className="mb-4 text-lg font-semibold">
          The assistant
        </h2>
        <AssistantSettingsForm
          settings={settings}
          reply={reply?.form === 'assistant' ? reply.result : null}
          canEdit={canEdit}
        />
      </Card>
      <Card aria-labelledby="hours-heading">
        <h2 id="hours-heading" className="mb-1 text-lg font-semibold">
          Opening hours
        </h2>
        <p className="mb-4 text-sm text-slate-600">What the assistant tells callers who ask when you are open.</p>
        <HoursForm settings={settings} reply={reply?.form === 'hours' ? reply.result : null} canEdit={canEdit} />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
