import { and, eq, sql } from 'drizzle-orm';
import { systems } from '#api/db/schema';
import { digits, param, TEST_CALL_WINDOW_MS, type InboundDeps, type TwilioParams } from './call-context';
import { statusFor, type SetupMarks } from './setup';
import { publishSystem, type SystemRow } from './store';
import { phoneSettings } from './text-back';

/** The setup steps an inbound call completes: a mobile system's forwarding test, a telephony system's first call. */

/**
 * The mobile forwarding test (setup step "verify"): a call forwarded from the owner's mobile
 * within 10 minutes of the test being placed marks the step done. Answers 'test' for the test
 * call itself (it comes from the system's own number), 'verified' when a real caller's
 * forwarded call proved it, null otherwise.
 */
export async function checkForwardingTest(
  deps: InboundDeps,
  system: SystemRow,
  params: TwilioParams,
): Promise<'test' | 'verified' | null> {
  if (system.name !== 'mobile') return null;
  const forwardedFrom = param(params, 'ForwardedFrom');
  const mobile = phoneSettings(system).mobile_number;
  if (!forwardedFrom || !mobile || digits(forwardedFrom) !== digits(mobile)) return null;
  const marks = system.setup as SetupMarks & { test_call_sid?: string };
  const started = marks.test_call_started_at ? Date.parse(marks.test_call_started_at) : NaN;
  const now = deps.clock.now();
  if (!Number.isFinite(started) || now.getTime() - started > TEST_CALL_WINDOW_MS || started - now.getTime() > 60_000)
    return null;
  const isTest = Boolean(system.phoneNumber) && digits(param(params, 'From')) === digits(system.phoneNumber ?? '');
  const marksAdded = {
    verified_at: marks.verified_at ?? now.toISOString(),
    ...(isTest ? { test_call_sid: param(params, 'CallSid') } : {}),
  };
  const [updated] = await deps.db
    .update(systems)
    .set({ setup: sql`${systems.setup} || ${JSON.stringify(marksAdded)}::jsonb`, updatedAt: now })
    .where(eq(systems.id, system.id))
    .returning();
  if (updated) {
    const status = statusFor(deps, updated);
    const [final] =
      status === updated.status
        ? [updated]
        : await deps.db.update(systems).set({ status }).where(eq(systems.id, system.id)).returning();
    await publishSystem(deps, 'Updated', final);
  }
  return isTest ? 'test' : 'verified';
}

/** Setup step "try it" of a telephony system: its first call. */
export async function markFirstCall(deps: InboundDeps, system: SystemRow): Promise<void> {
  if (system.name !== 'telephony' || (system.setup as SetupMarks).first_call_at) return;
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(systems)
    .set({
      setup: sql`${systems.setup} || ${JSON.stringify({ first_call_at: now.toISOString() })}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(systems.id, system.id), sql`${systems.setup}->>'first_call_at' is null`))
    .returning();
  if (updated) await publishSystem(deps, 'Updated', updated);
}
