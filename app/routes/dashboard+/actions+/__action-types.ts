import type { SubmissionResult } from '@conform-to/react';
import { ACTION_STATUS_LABELS, ACTION_TRIGGER_LABELS, ACTION_KIND_LABELS } from '#contract/action-terms';
import type { ApiAction, ApiActionRun } from '#contract/v1/actions';

/** Runs shown per page of an action's history. */
export const RUNS_PAGE_SIZE = 20;

/** The message for a sample customer (v1 businesses/actions/{id}/preview); text null when there is no template to show. */
export type ActionPreview = {
  text: string | null;
  customer: { _id: string; name: string } | null;
  error: string | null;
};

/** What the editor's action answers when it does not redirect: the form as sent, and the preview when one was asked for. */
export type ActionFormReply = { result: SubmissionResult<string[]>; preview?: ActionPreview };

/** A team member a create-task action can be for (the user's id). */
export type AssigneeOption = { id: string; name: string };

/** The editor's starting values, as the form fields hold them. */
export type ActionDefaults = {
  name: string;
  status: string;
  interval: string;
  repeat: boolean;
  trigger: string;
  trigger_status: string;
  kind: string;
  template: string;
  assignee_id: string;
  target_status: string;
  per_customer_limit: string;
  opening_hours_only: boolean;
  stop_on_reply: boolean;
};

/** A new action starts as a once-a-day SMS to new leads, within opening hours, stopping on a reply. */
export function actionDefaults(action?: ApiAction | null): ActionDefaults {
  return {
    name: action?.name ?? '',
    status: action?.status ?? 'active',
    interval: action?.interval ?? '1 day',
    repeat: action?.repeat ?? false,
    trigger: action?.trigger ?? 'new_lead',
    trigger_status: action?.trigger_status ?? '',
    kind: action?.kind ?? 'send_sms',
    template: action?.template ?? '',
    assignee_id: action?.assignee_id ?? '',
    target_status: action?.target_status ?? '',
    per_customer_limit: String(action?.per_customer_limit ?? 1),
    opening_hours_only: action?.opening_hours_only ?? true,
    stop_on_reply: action?.stop_on_reply ?? true,
  };
}

export const statusLabel = (status: string) =>
  ACTION_STATUS_LABELS[status as keyof typeof ACTION_STATUS_LABELS] ?? status;
export const triggerLabel = (trigger: string) =>
  ACTION_TRIGGER_LABELS[trigger as keyof typeof ACTION_TRIGGER_LABELS] ?? trigger;
export const kindLabel = (kind: string) => ACTION_KIND_LABELS[kind as keyof typeof ACTION_KIND_LABELS] ?? kind;

/** "2 days after a new lead from a web form", "Every 1 day after a task is overdue", "Immediately after a missed call or voicemail". */
export function whenText(
  action: Pick<ApiAction, 'interval' | 'interval_minutes' | 'repeat' | 'trigger' | 'trigger_status'>,
): string {
  const trigger = triggerLabel(action.trigger).replace(/^A /, 'a ').replace(/^An /, 'an ');
  const status = action.trigger === 'customer_status' && action.trigger_status ? ` (${action.trigger_status})` : '';
  if (action.interval_minutes === 0) return `Immediately after ${trigger}${status}`;
  if (action.repeat) return `Every ${action.interval} after ${trigger}${status}`;
  return `${action.interval} after ${trigger}${status}`.replace(/^./, (first) => first.toUpperCase());
}

export const RUN_STATUS_LABELS: Record<ApiActionRun['status'], string> = {
  pending: 'Waiting',
  running: 'Running',
  done: 'Done',
  skipped: 'Skipped',
  failed: 'Failed',
  stopped: 'Stopped',
};
