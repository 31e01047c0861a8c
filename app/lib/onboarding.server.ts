import { redirect } from '@remix-run/node';
import type { ApiBusinessListEntry } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { ONBOARDING_STEPS, dashboardPath } from '#contract/routes';
import type { MemoryType } from '#contract/schemas/memory';
import { TEST_CONVERSATION_TITLE } from './assistant';
import type { ConversationWithMessages } from './assistant.server';
import type { DashboardState } from './guard.server';
import { listLearningJobs } from './learning.server';
import { isLearningActive } from './memories';
import { stepDone } from './onboarding';
import { v1 } from './v1.server';

/** The page of the first onboarding step this user has not done yet (the step they are on). */
export function currentStepPath(state: DashboardState): string {
  const step =
    ONBOARDING_STEPS.find((candidate) => !stepDone(candidate.key, state.user, state.business)) ??
    ONBOARDING_STEPS[ONBOARDING_STEPS.length - 1];
  return dashboardPath(step.path);
}

/**
 * Steps 4–6 are about a business: opened before it exists (a bookmark, a typed address),
 * they send the user to the step they are on instead of a 404.
 */
export function requireOnboardingBusiness(state: DashboardState): ApiBusinessListEntry {
  if (!state.business) throw redirect(currentStepPath(state));
  return state.business;
}

/** Memories per type; null when the member may not read them (then nothing is refused on their account). */
async function memoryCounts(state: DashboardState): Promise<Partial<Record<MemoryType, number>> | null> {
  if (!state.business || !hasPermission(state.business.permissions, 'memories/view')) return null;
  const result = await v1(state.caller).memories.list({ limit: 1 });
  return result.ok ? result.data.counts : null;
}

const QUESTION_TYPES: ReadonlySet<string> = new Set(['question', 'ignored_question', 'answered_question']);

/**
 * Step 4 is passed by Continue once the assistant has something to learn from: a memory
 * that is not a question, or a website being read right now (it goes on in the background).
 */
export async function hasLearnedSomething(state: DashboardState): Promise<boolean> {
  const counts = await memoryCounts(state);
  if (!counts) return true;
  if (Object.entries(counts).some(([type, count]) => !QUESTION_TYPES.has(type) && (count ?? 0) > 0)) return true;
  const [job] = await listLearningJobs(state, 1);
  return Boolean(job && isLearningActive(job));
}

/** Step 5 is passed by Continue once at least one question has an answer. */
export async function hasAnsweredAQuestion(state: DashboardState): Promise<boolean> {
  const counts = await memoryCounts(state);
  return !counts || (counts.answered_question ?? 0) > 0;
}

/** The member's newest test conversation (step 6), so coming back to the step keeps it. */
export async function latestTestConversationId(state: DashboardState): Promise<string | null> {
  if (!state.business) return null;
  const result = await v1(state.caller).conversations.list({ limit: 50 });
  if (!result.ok) return null;
  return (
    result.data.conversations.find(
      (c) => c.user_id === state.user.id && c.title === TEST_CONVERSATION_TITLE && c.message_count > 0,
    )?.id ?? null
  );
}

/** Step 6 is finished once the assistant has answered at least one question in the test. */
export function assistantHasAnswered(conversation: ConversationWithMessages | null): boolean {
  return Boolean(
    conversation?.messages.some(
      (message) => message.role === 'assistant' && message.status === 'complete' && message.content.trim(),
    ),
  );
}
