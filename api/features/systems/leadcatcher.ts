import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ApiCustomer, ApiTimelineItem } from '#contract/envelope';
import type { LeadcatcherSettings } from '#contract/schemas/system';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { businesses, customers, systems } from '#api/db/schema';
import { fireTrigger } from '../actions/triggers';
import { findOrCreateByEmail, findOrCreateByPhone } from '../customers/service';
import { notifyMembers } from '../notifications/notify-members';
import { createForm } from '../timeline/service';
import type { FollowUpOutcome } from './lead-follow-up';
import { publishSystem, recordSystemEvent, systemSettings, type SystemRow } from './store';
import { isHoneypotFilled, leadFields, validateLead, type LeadFields, type ValidLead } from './lead-form';

export type { FollowUpOutcome } from './lead-follow-up';

/**
 * The lead catcher: a web form on the business's own site posts here (JSON from embed.js or
 * a plain form post). A submission matches or creates the contact, becomes a form item on
 * the timeline, notifies the members who may see forms, marks the install step done and,
 * when configured, is followed up by SMS or email. The public routes (api/features/leadcatcher)
 * check the origin and the rate limit first; the honeypot and validation are here.
 */
export type LeadcatcherDeps = ApiDeps;

export function isLeadcatcher(system: SystemRow | undefined): system is SystemRow & { name: 'leadcatcher' } {
  return system?.name === 'leadcatcher';
}

export function leadcatcherSettings(system: SystemRow & { name: 'leadcatcher' }): LeadcatcherSettings {
  return systemSettings(system);
}

export function originOf(value: string | null | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a page on `origin` may send this form: any site when the list is empty; else one
 * of the listed sites, or this server itself (the hosted form page posts from here).
 */
export function originAllowed(
  settings: Pick<LeadcatcherSettings, 'allowed_origins'>,
  origin: string | null,
  ownOrigins: (string | null)[],
): boolean {
  if (settings.allowed_origins.length === 0) return true;
  if (!origin) return false;
  const allowed = new Set([...settings.allowed_origins.map(originOf), ...ownOrigins.map(originOf)].filter(Boolean));
  return allowed.has(origin);
}

/**
 * Per client and system: a token bucket (capacity `limit`, refilled over `windowMs`) kept
 * in memory per app instance (per deps). Tests may set their own limit with
 * setLeadcatcherRateLimit; the clock is deps.clock, so advancing it refills.
 */
type Bucket = { tokens: number; at: number; refused?: boolean };
type Limiter = { limit: number; windowMs: number; buckets: Map<string, Bucket> };
const limiters = new WeakMap<object, Limiter>();
export const DEFAULT_RATE_LIMIT = { limit: 5, windowMs: 60_000 };

function limiterOf(deps: object): Limiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = { ...DEFAULT_RATE_LIMIT, buckets: new Map() };
    limiters.set(deps, limiter);
  }
  return limiter;
}

export function setLeadcatcherRateLimit(deps: object, options: { limit: number; windowMs?: number }): void {
  limiters.set(deps, {
    limit: options.limit,
    windowMs: options.windowMs ?? DEFAULT_RATE_LIMIT.windowMs,
    buckets: new Map(),
  });
}

/**
 * Take one submission from the client's bucket. `allowed: false` when it is empty; `first`
 * says whether this is the first refusal since the last accepted one (only that one is
 * logged as an event, so a flood cannot flood the events log).
 */
export function takeSubmissionToken(
  deps: Pick<ApiDeps, 'clock'>,
  systemId: string,
  clientIp: string,
): { allowed: boolean; first: boolean } {
  const limiter = limiterOf(deps);
  const now = deps.clock.now().getTime();
  const perMs = limiter.limit / limiter.windowMs;
  if (limiter.buckets.size > 10_000) {
    for (const [key, bucket] of limiter.buckets)
      if (bucket.tokens + (now - bucket.at) * perMs >= limiter.limit) limiter.buckets.delete(key);
  }
  const key = `${systemId}:${clientIp}`;
  const current = limiter.buckets.get(key) ?? { tokens: limiter.limit, at: now };
  const tokens = Math.min(limiter.limit, current.tokens + Math.max(0, now - current.at) * perMs);
  if (tokens < 1) {
    limiter.buckets.set(key, { tokens, at: now, refused: true });
    return { allowed: false, first: !current.refused };
  }
  limiter.buckets.set(key, { tokens: tokens - 1, at: now });
  return { allowed: true, first: false };
}

async function customerExists(db: Db, businessId: string, field: 'emails' | 'phones', value: string): Promise<boolean> {
  const column = field === 'emails' ? customers.emails : customers.phones;
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.businessId, businessId),
        isNull(customers.deletedAt),
        sql`${column} @> ${JSON.stringify([value])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The contact: the one with this email, else the one with this phone, else a new lead with
 * both. A known contact is not changed (anyone can type any email into a public form); the
 * other detail stays on the form item.
 */
export async function matchLeadCustomer(
  deps: LeadcatcherDeps,
  businessId: string,
  lead: ValidLead,
): Promise<{ customer: ApiCustomer; created: boolean }> {
  const defaults = { first_name: lead.firstName, last_name: lead.lastName };
  if (
    lead.email &&
    (!lead.phone ||
      (await customerExists(deps.db, businessId, 'emails', lead.email)) ||
      !(await customerExists(deps.db, businessId, 'phones', lead.phone)))
  ) {
    return findOrCreateByEmail(deps, businessId, lead.email, { ...defaults, phones: lead.phone ? [lead.phone] : [] });
  }
  return findOrCreateByPhone(deps, businessId, lead.phone as string, {
    ...defaults,
    emails: lead.email ? [lead.email] : [],
  });
}

function oneLine(value: string, max: number): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The form item's body: who, and what they wrote, on one line. */
export function leadSummary(lead: ValidLead): string {
  return lead.message ? `${lead.name}: ${oneLine(lead.message, 200)}` : `${lead.name} left their contact details.`;
}

/** The first submission marks the install step done (once; published so the setup page updates). */
async function markFirstSubmission(deps: LeadcatcherDeps, system: SystemRow): Promise<void> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(systems)
    .set({
      setup: sql`${systems.setup} || ${JSON.stringify({ first_submission_at: now.toISOString() })}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(systems.id, system.id), sql`not (${systems.setup} ? 'first_submission_at')`))
    .returning();
  if (row) await publishSystem(deps, 'Updated', row);
}

export type SubmissionResult =
  | { kind: 'spam' }
  | { kind: 'invalid'; fieldErrors: Record<string, string[]>; fields: LeadFields }
  | {
      kind: 'sent';
      form: ApiTimelineItem;
      customer: ApiCustomer;
      customerCreated: boolean;
      followUp: FollowUpOutcome | null;
      successMessage: string;
    };

/**
 * One submission from the public form (origin and rate limit already checked). Spam is
 * answered like a success and stores nothing; once the form item exists, nothing that
 * follows (notification, follow-up) can lose it.
 */
export async function submitLead(
  deps: LeadcatcherDeps,
  system: SystemRow & { name: 'leadcatcher' },
  raw: Record<string, unknown>,
  context: { pageUrl: string | null; origin: string | null },
): Promise<SubmissionResult> {
  const settings = leadcatcherSettings(system);
  if (isHoneypotFilled(raw)) {
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name: 'form.submitted',
      outcome: 'spam',
      error: 'The hidden field was filled in.',
      details: { origin: context.origin },
    });
    return { kind: 'spam' };
  }
  const fields = leadFields(raw);
  const [business] = await deps.db
    .select({ country: businesses.country })
    .from(businesses)
    .where(eq(businesses.id, system.businessId))
    .limit(1);
  const { fieldErrors, lead } = validateLead(fields, business?.country);
  if (!lead) return { kind: 'invalid', fieldErrors, fields };

  const { customer, created } = await matchLeadCustomer(deps, system.businessId, lead);
  const submitted: Record<string, string> = { name: lead.name };
  if (lead.email) submitted.email = lead.email;
  if (lead.phone) submitted.phone = lead.phone;
  if (lead.message) submitted.message = lead.message;
  const form = await createForm(deps, {
    businessId: system.businessId,
    from: lead.phone ?? lead.email ?? undefined,
    body: leadSummary(lead),
    customerId: customer._id,
    phonesFound: lead.phone ? [lead.phone] : [],
    systemId: system.id,
    details: {
      fields: submitted,
      form_name: settings.form_name,
      ...(context.pageUrl ? { page_url: context.pageUrl } : {}),
      ...(context.origin ? { origin: context.origin } : {}),
    },
  });

  try {
    await notifyMembers(deps, {
      businessId: system.businessId,
      event: 'new_form',
      permission: 'forms/view',
      title: `New web form from ${lead.name}`,
      body: lead.message ? oneLine(lead.message, 200) : [lead.email, lead.phone].filter(Boolean).join(', '),
      customerId: customer._id,
      internalLink: `/dashboard/forms/${form._id}`,
      sourceId: form._id,
    });
  } catch (error) {
    deps.log?.({
      level: 'error',
      msg: 'form notification failed',
      system_id: system.id,
      form_id: form._id,
      error: String(error),
    });
  }
  try {
    await markFirstSubmission(deps, system);
  } catch (error) {
    deps.log?.({ level: 'warn', msg: 'first submission not marked', system_id: system.id, error: String(error) });
  }
  await recordSystemEvent(deps, system, {
    kind: 'webhook',
    name: 'form.submitted',
    outcome: 'ok',
    details: {
      form_id: form._id,
      customer_id: customer._id,
      customer_created: created,
      page_url: context.pageUrl,
      origin: context.origin,
    },
  });
  // The follow-up is the ready-made "Follow up new web leads" action (the form's
  // follow_up still says whether and how this form follows up), beside the owner's own actions.
  const fired = await fireTrigger(deps, {
    businessId: system.businessId,
    trigger: 'new_lead',
    customerId: customer._id,
    subjectType: 'form',
    subjectId: form._id,
  });
  const followUpOutcome =
    (fired.find((entry) => entry.key === 'lead_follow_up')?.run.details.follow_up as FollowUpOutcome | undefined) ??
    null;
  return {
    kind: 'sent',
    form,
    customer,
    customerCreated: created,
    followUp: followUpOutcome,
    successMessage: settings.success_message,
  };
}
