import type { ApiDeps } from '../api/deps';
import { startActionLoop } from '../api/features/actions/engine';
import { startDailySummaries } from '../api/features/notifications/daily-summary';
import { startLearningRunner } from '../api/features/learning/runner';
import { startWebhookDeliveries } from '../api/features/outgoing-webhooks/deliveries';
import { startPushDeliveries } from '../api/services/push/deliveries';
import { startScheduler } from '../api/services/scheduler';

/**
 * The work each server does in the background once it listens. Every loop claims its rows
 * (FOR UPDATE SKIP LOCKED or claimed once), so several servers share the work safely.
 * Answers the stop, which ends the loops one after another.
 */
export function startBackgroundWork(deps: ApiDeps): () => Promise<void> {
  // Task reminders and repeats.
  const stopScheduler = startScheduler(deps);
  // Actions (follow-ups, reminders, nudges) that fell due.
  const stopActions = startActionLoop(deps);
  // Push deliveries and their retries (only when OneSignal is configured).
  const stopPush = deps.push ? startPushDeliveries(deps) : async () => {};
  // The data loader's website crawls; a job left by a stopped server is resumed (runner.ts).
  const stopLearning = startLearningRunner(deps);
  // Outgoing webhooks and their retries, and the members' daily summary emails.
  const stopWebhooks = startWebhookDeliveries(deps);
  const stopSummaries = startDailySummaries(deps);
  return async () => {
    await stopScheduler();
    await stopActions();
    await stopPush();
    await stopLearning();
    await stopWebhooks();
    await stopSummaries();
  };
}
