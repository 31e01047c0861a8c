import type { Submission } from '@conform-to/react';
import { PageHeader } from '#app/components/ui/page-header';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { systemMessages } from '#contract/system-terms';
import { v1Calls } from '#contract/v1/index';
import type { ApiSimulation } from '#contract/v1/systems';
import { DeleteConfirmation, DeleteConfirmPanel, DeleteDialog } from '#app/components/delete-restore';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { readPage } from '#app/lib/list-query';
import { WebsiteChat } from '#app/routes/dashboard+/systems+/__website-chat';
import { RecentCalls, SystemEvents } from '#app/routes/dashboard+/systems+/__system-activity';
import {
  CallForm,
  MessageForm,
  SetupSteps,
  Simulator,
  SystemSettingsForm,
} from '#app/routes/dashboard+/systems+/__system-forms.deferred';
import { SystemStatusBadge } from '#app/components/systems/system-status-badge';
import type { ApiFail, ApiResult } from '#app/lib/api.server';
import { loadFailure } from '#app/lib/customers.server';
import { requireDashboard, requirePermission, type DashboardState } from '#app/lib/guard.server';
import {
  isStepKey,
  makeCallSchema,
  sendMessageSchema,
  settingsFormSchema,
  simulateSchema,
  STEP_SCHEMAS,
  type SystemFormName,
  type SystemReply,
} from '#app/lib/systems';
import {
  canEditSystems,
  getSystem,
  listSystemEvents,
  recentCalls,
  searchNumbers,
  type NumberSearch,
} from '#app/lib/systems.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { apiToasts, redirectWithToasts, toastCookie } from '#app/lib/toast.server';
import { phoneFormat, usePhoneFormat } from '#app/lib/phone-labels';
import { httpError } from '#app/lib/invariant.server';
import { withPhoneLabels } from '#app/lib/phone-labels.server';
import { v1 } from '#app/lib/v1.server';
import { countryPickerOptions } from '#app/components/country-options.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data ? `${data.system.label}${data.system.phone_number ? ` ${phoneFormat(data.phoneLabels)(data.system.phone_number)}` : ''}` : 'System'} · Business Assistant`,
  },
];

/**
 * One system (docs/product.md#routes, system_view): its setup walk-through, settings, the phone
 * actions (call a customer, send a message, the recent calls a placed call is followed
 * through), the sandbox simulator and the events log. Needs systems/view (the API refuses
 * with the spec's message too); every write needs systems/edit.
 * GET ?country=&area_code= searches numbers for the number step; ?follow=<call id> follows
 * a placed call; ?confirm=delete shows the delete confirmation without JavaScript.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'systems/view');
  const id = params.id ?? '';
  const system = await getSystem(state, id);
  const url = new URL(request.url);
  const phone = system.name !== 'leadcatcher';
  const canEdit = canEditSystems(state);
  const emptySearch: NumberSearch = {
    country: url.searchParams.get('country') ?? state.business?.country ?? 'US',
    area_code: '',
    contains: '',
    numbers: null,
    error: null,
  };
  const eventsPage = readPage(url.searchParams);
  const [events, search, calls] = await Promise.all([
    listSystemEvents(state, id, eventsPage),
    phone && !system.phone_number && canEdit ? searchNumbers(state, id, url) : Promise.resolve(emptySearch),
    phone && system.phone_number ? recentCalls(state) : Promise.resolve(null),
  ]);
  return {
    ...withPhoneLabels({
      system,
      events,
      search,
      calls,
      following: url.searchParams.get('follow'),
      canEdit,
      ownMobile: state.user.mobile,
      timeZone: businessTimeZone(state),
      confirmDelete: canEdit && url.searchParams.get('confirm') === 'delete',
    }),
    countries: countryPickerOptions(request),
  };
}

/** An API refusal shown on its form: field errors by their field (without the API's wrapping), the rest above it. */
function refuse<T>(form: SystemFormName, submission: Submission<T>, result?: ApiFail) {
  if (!result) return data<SystemReply>({ form, result: submission.reply() }, { status: 400 });
  if (result.status === 403 || result.status === 404) loadFailure(result);
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, errors] of Object.entries(result.fieldErrors)) {
    const name = key.replace(/^(values|configurations\.data\.settings|configurations\.settings|configurations)\./, '');
    fieldErrors[name] = [...(fieldErrors[name] ?? []), ...errors];
  }
  const placed = new Set(Object.values(fieldErrors).flat());
  return data<SystemReply>(
    {
      form,
      result: submission.reply({ fieldErrors, formErrors: result.errors.filter((error) => !placed.has(error)) }),
    },
    { status: result.status === 429 ? 429 : 400 },
  );
}

function requireEditor(state: DashboardState) {
  requirePermission(state, 'systems/view');
  if (!canEditSystems(state)) httpError(403, systemMessages.editRefusal);
}

/**
 * intent = step (setup/{id}/submit), settings (settings/{id}/set), call (make-a-call),
 * message (send-a-message), simulate (sandbox), delete, restore. Successes redirect with
 * the API's messages as toasts; the simulator answers in place with the transcript.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requireEditor(state);
  const id = params.id ?? '';
  const self = `/dashboard/systems/${encodeURIComponent(id)}`;
  const client = v1(state.caller).systems;
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const done = (to: string, path: string, result: { messages?: string[]; errors?: string[] }) =>
    redirectWithToasts(request, to, apiToasts(path, result));

  switch (intent) {
    case 'delete':
    case 'restore': {
      const path = (intent === 'delete' ? v1Calls.systems.delete : v1Calls.systems.restore).path;
      const result = await client[intent](id);
      if (!result.ok) return done(intent === 'delete' ? self : '/dashboard/settings', path, result);
      return done(
        intent === 'delete' ? `/dashboard/settings?deleted_system=${encodeURIComponent(id)}` : self,
        path,
        result,
      );
    }
    case 'step': {
      const step = String(formData.get('step') ?? '');
      if (!isStepKey(step)) return data({ message: systemMessages.stepUnknown }, { status: 400 });
      const form = `step-${step}` as const;
      const submission = parseWithZod(formData, { schema: STEP_SCHEMAS[step] });
      if (submission.status !== 'success') return refuse(form, submission);
      const path = v1Calls.systems.submitStep.path;
      const result = await client.submitStep(id, { step, values: submission.value });
      if (!result.ok) return refuse(form, submission, result);
      return done(`${self}#setup-${step}`, path, result);
    }
    case 'settings': {
      const found = await client.get(id);
      if (!found.ok) loadFailure(found);
      const submission = parseWithZod(formData, { schema: settingsFormSchema(found.data.system.name) });
      if (submission.status !== 'success') return refuse('settings', submission);
      const path = v1Calls.systems.setSettings.path;
      const result = await client.setSettings(id, { configurations: { data: { settings: submission.value } } });
      if (!result.ok) return refuse('settings', submission, result);
      return done(`${self}#settings`, path, result);
    }
    case 'call': {
      const submission = parseWithZod(formData, { schema: makeCallSchema });
      if (submission.status !== 'success') return refuse('call', submission);
      const path = v1Calls.systems.makeCall.path;
      const result = await client.makeCall(id, submission.value);
      if (!result.ok) return refuse('call', submission, result);
      return done(`${self}?follow=${encodeURIComponent(result.data.call?._id ?? '')}#recent-calls`, path, result);
    }
    case 'message': {
      const submission = parseWithZod(formData, { schema: sendMessageSchema });
      if (submission.status !== 'success') return refuse('message', submission);
      const path = v1Calls.systems.sendMessage.path;
      const result = await client.sendMessage(id, submission.value);
      if (!result.ok) return refuse('message', submission, result);
      return done(`${self}#message`, path, result);
    }
    case 'simulate': {
      const submission = parseWithZod(formData, { schema: simulateSchema });
      if (submission.status !== 'success') return refuse('simulate', submission);
      // A recording (the form is multipart) goes on to simulate-voice as multipart, with the
      // bearer token like any call; without one, what was typed goes to simulate.
      const audio = formData.get('audio');
      const spoken = audio instanceof Blob && audio.size > 0;
      const path = (spoken ? v1Calls.systems.simulateVoice : v1Calls.systems.simulate).path;
      let result: ApiResult<ApiSimulation>;
      if (spoken) {
        const upload = new FormData();
        upload.set('kind', submission.value.kind);
        upload.set('from', submission.value.from);
        upload.set('audio', audio, (audio as File).name || 'recording.wav');
        result = await client.simulateVoice(id, upload);
      } else {
        result = await client.simulate(id, submission.value);
      }
      if (!result.ok) return refuse('simulate', submission, result);
      // Answered in place (the transcript is this answer's), keeping what was typed for another try.
      return data<SystemReply>(
        {
          form: 'simulate',
          result: submission.reply(),
          simulation: {
            transcript: result.data.transcript ?? [],
            call: result.data.call ?? null,
            sms: result.data.sms ?? null,
            heard: result.data.heard,
          },
        },
        { headers: { 'Set-Cookie': await toastCookie(request, apiToasts(path, result)) } },
      );
    }
    default:
      return data({ message: 'Unknown action.' }, { status: 400 });
  }
}

export default function SystemRoute() {
  const { system, events, search, calls, following, canEdit, ownMobile, timeZone, confirmDelete } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData && 'form' in actionData ? (actionData as SystemReply) : null;
  const self = `/dashboard/systems/${system._id}`;
  const phone = system.name !== 'leadcatcher';
  const formatPhone = usePhoneFormat();
  const confirm = (cancel: ReactNode) => (
    <DeleteConfirmation
      action={self}
      noun="system"
      subject={`${system.label}${system.phone_number ? ` (${formatPhone(system.phone_number)})` : ''}`}
      consequence="The assistant stops answering it; you can restore it afterwards."
      cancel={cancel}
      labelId={`delete-system-${system._id}`}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/settings" className="text-brand-600 underline">
          Settings
        </Link>
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <div className="flex min-w-0 flex-col">
          <PageHeader title={system.label} />
          <p className="text-sm text-slate-600" data-testid="system-heading-number">
            {formatPhone(system.phone_number) ?? (phone ? 'No number yet' : 'Web form')}
            {system.provider === 'sandbox' ? ' · sandbox' : ''}
          </p>
        </div>
        <SystemStatusBadge status={system.status} />
        {canEdit && !confirmDelete ? (
          <div className="ml-auto">
            <DeleteDialog to={`${self}?confirm=delete`} noun="system" confirm={confirm}>
              Delete system
            </DeleteDialog>
          </div>
        ) : null}
      </header>
      {confirmDelete ? <DeleteConfirmPanel noun="system" cancelTo={self} confirm={confirm} /> : null}

      <SetupSteps system={system} canEdit={canEdit} reply={reply} search={search} ownMobile={ownMobile} self={self} />
      {system.name === 'leadcatcher' ? <WebsiteChat system={system} /> : null}

      {phone && system.phone_number && canEdit ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <CallForm system={system} reply={reply} self={self} agentNumber={ownMobile} />
          <MessageForm system={system} reply={reply} self={self} />
        </div>
      ) : null}
      {calls ? <RecentCalls calls={calls} following={following} timeZone={timeZone} /> : null}
      {phone && system.phone_number && system.provider === 'sandbox' && canEdit ? (
        <Simulator reply={reply} self={self} />
      ) : null}

      <SystemSettingsForm system={system} canEdit={canEdit} reply={reply} self={self} />
      <SystemEvents
        events={events.events}
        total={events.total}
        page={events.page}
        pageSize={events.pageSize}
        timeZone={timeZone}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
