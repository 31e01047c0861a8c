import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { phoneField } from '#contract/fields';
import {
  leadcatcherSettingsSchema,
  makeCallSchema,
  phoneSettingsSchema,
  purchaseNumberSchema,
  sendMessageSchema,
  simulateSchema,
  type SystemKind,
} from '#contract/schemas/system';
import type { ApiSimulation } from '#contract/v1/systems';

/**
 * The system page's forms (browser and server): the contract's schemas, with checkboxes
 * read the HTML way (ticked sends "on", unticked sends nothing = off).
 */
const box = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true');

export const phoneSettingsFormSchema = phoneSettingsSchema.extend({
  missed_call_text_back: box,
  voicemail_when_closed: box,
  sms_auto_reply: box,
  record_calls: box,
});
/**
 * Allowed sites come from a textarea, one per line. Read as one string first: conform would
 * otherwise take the contract's array-or-string union as a one-item list of every line.
 */
const allowedOriginsField = z
  .string()
  .optional()
  .transform((value, context) => {
    const parsed = leadcatcherSettingsSchema.shape.allowed_origins.safeParse(value ?? '');
    if (parsed.success) return parsed.data;
    for (const message of new Set(parsed.error.issues.map((issue) => issue.message)))
      context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
export const leadcatcherSettingsFormSchema = leadcatcherSettingsSchema.extend({ allowed_origins: allowedOriginsField });

export function settingsFormSchema(kind: SystemKind) {
  return kind === 'leadcatcher' ? leadcatcherSettingsFormSchema : phoneSettingsFormSchema;
}

/** Each setup step's form: what `setup/{id}/submit` expects in `values`. */
export const STEP_SCHEMAS = {
  number: z.object({ phone_number: purchaseNumberSchema.shape.phone_number }),
  website: z.object({ allowed_origins: allowedOriginsField, form_name: leadcatcherSettingsSchema.shape.form_name }),
  follow_up: leadcatcherSettingsSchema.pick({ follow_up: true, follow_up_template: true }),
  mobile: z.object({ mobile_number: phoneField }),
  // Steps that only confirm (or start something): no values.
  try_it: z.object({}),
  install: z.object({}),
  forwarding: z.object({}),
  verify: z.object({}),
} as const;
export type StepKey = keyof typeof STEP_SCHEMAS;
export const isStepKey = (key: string): key is StepKey => Object.hasOwn(STEP_SCHEMAS, key);

export { makeCallSchema, sendMessageSchema, simulateSchema };

export type SystemFormName = 'settings' | 'call' | 'message' | 'simulate' | `step-${string}`;
/** What the action answers when a form is refused (or, for the simulator, what happened). */
export type SystemReply = {
  form: SystemFormName;
  result: SubmissionResult<string[]>;
  simulation?: ApiSimulation | null;
};

// Labels the page shows outside its forms live in a zod-free module (./system-labels.ts).
export { EVENT_OUTCOME_LABELS, eventNameLabel, SIMULATION_LABELS } from './system-labels';
