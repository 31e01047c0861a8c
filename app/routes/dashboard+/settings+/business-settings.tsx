import type { Submission } from '@conform-to/react';
import { PageHeader } from '#app/components/ui/page-header';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import { hasPermission } from '#contract/permissions';
import { resolveNotificationPreferences } from '#contract/schemas/business-settings';
import { hoursFormSchema, withUntickedBoxes } from '#app/components/assistant/hours-form';
import { HoursForm } from '#app/components/assistant/hours-form.deferred';
import {
  notificationsFormSchema,
  timezoneFormSchema,
} from '#app/routes/dashboard+/settings+/__business-settings-forms';
import { NotificationsForm, TimezoneForm } from '#app/routes/dashboard+/settings+/__business-settings-forms.deferred';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import type { ApiFail } from '#app/lib/api.server';
import { businessSettingsCalls, settingsSetPath } from '#app/lib/business-settings.server';
import { loadFailure } from '#app/lib/assistant.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { cardClass } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Business settings · Business Assistant' }];

const SELF = '/dashboard/settings/business-settings';

type FormName = 'hours' | 'timezone' | 'notifications';
type Reply = { form: FormName; result: SubmissionResult<string[]> };

/**
 * Business settings: the weekly opening hours and the overwrites for single dates (the
 * assistant uses them from its next message), the timezone (both need businesses/edit),
 * and the member's own notification preferences (anyone may set theirs). Three forms.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const result = await businessSettingsCalls(state).get();
  if (!result.ok) loadFailure(result);
  const settings = result.data.business_settings;
  return {
    settings,
    notifications: resolveNotificationPreferences(settings.notifications),
    canEdit: hasPermission(state.business?.permissions, 'businesses/edit'),
  };
}

function refuse<T>(form: FormName, submission: Submission<T>, result?: ApiFail) {
  if (!result) return data<Reply>({ form, result: submission.reply() }, { status: 400 });
  const fieldErrors = { ...result.fieldErrors };
  const placed = new Set(Object.values(fieldErrors).flat());
  return data<Reply>(
    {
      form,
      result: submission.reply({ fieldErrors, formErrors: result.errors.filter((error) => !placed.has(error)) }),
    },
    { status: result.status === 429 ? 429 : 400 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const formData = await request.formData();
  const businessSettings = businessSettingsCalls(state);
  const intent = formData.get('intent');

  if (intent === 'notifications') {
    const submission = parseWithZod(formData, { schema: notificationsFormSchema });
    if (submission.status !== 'success') return refuse('notifications', submission);
    const result = await businessSettings.set({ notifications: submission.value });
    if (!result.ok) return refuse('notifications', submission, result);
    return redirectWithToasts(request, SELF, apiToasts(settingsSetPath, result));
  }

  requirePermission(state, 'businesses/edit');
  if (intent === 'timezone') {
    const submission = parseWithZod(formData, { schema: timezoneFormSchema });
    if (submission.status !== 'success') return refuse('timezone', submission);
    const result = await businessSettings.set(submission.value);
    if (!result.ok) return refuse('timezone', submission, result);
    return redirectWithToasts(request, SELF, apiToasts(settingsSetPath, result));
  }

  // Add and remove a special date are conform intents: answered with the list changed.
  const submission = parseWithZod(withUntickedBoxes(formData), { schema: hoursFormSchema });
  if (submission.status !== 'success') return refuse('hours', submission);
  const result = await businessSettings.set(submission.value);
  if (!result.ok) return refuse('hours', submission, result);
  return redirectWithToasts(request, SELF, apiToasts(settingsSetPath, result));
}

export default function BusinessSettingsRoute() {
  const { settings, notifications, canEdit } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const section = cardClass();
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/settings" className="text-brand-600 underline">
          Settings
        </Link>
      </nav>
      <PageHeader title="Business settings">
        <p className="text-sm text-slate-600">
          Opening hours the assistant tells callers (from its next message), the timezone and your notifications.
        </p>
      </PageHeader>
      {!canEdit ? (
        <p className="text-sm text-slate-600">
          You can see the hours and timezone; changing them needs permission to edit the business.
        </p>
      ) : null}
      <section aria-labelledby="hours-heading" className={section}>
        <h2 id="hours-heading" className="mb-1 text-lg font-semibold">
          Opening hours
        </h2>
        <p className="mb-4 text-sm text-slate-600">
          The week, and special dates (holidays, late openings) that override it.
        </p>
        <HoursForm settings={settings} reply={reply?.form === 'hours' ? reply.result : null} canEdit={canEdit} />
      </section>
      <section aria-labelledby="timezone-heading" className={section}>
        <h2 id="timezone-heading" className="mb-4 text-lg font-semibold">
          Timezone
        </h2>
        <TimezoneForm
          timezone={settings.timezone}
          reply={reply?.form === 'timezone' ? reply.result : null}
          canEdit={canEdit}
        />
      </section>
      <section aria-labelledby="notifications-heading" className={section}>
        <h2 id="notifications-heading" className="mb-1 text-lg font-semibold">
          My notifications
        </h2>
        <p className="mb-4 text-sm text-slate-600">Only yours: every member of the team chooses their own.</p>
        <NotificationsForm preferences={notifications} reply={reply?.form === 'notifications' ? reply.result : null} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
