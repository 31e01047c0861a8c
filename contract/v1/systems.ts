import { z } from 'zod';
import {
  makeCallSchema,
  purchaseNumberSchema,
  sendMessageSchema,
  setupSubmitSchema,
  simulateSchema,
  SYSTEM_KINDS,
  systemCreateSchema,
  type SystemSettings,
} from '../schemas/system';
import { businessParams, defineCall, idParams } from './define';
import { timelineItemOut } from './timeline';

/**
 * Systems (docs/product.md#entities, #states, #validation, #v1-calls; docs/systems.md): list, create, get, update,
 * delete, restore, events, setup steps, settings, number search, click-to-call, SMS, the sandbox simulator and
 * buying a number. Viewing needs systems/view, every write systems/edit.
 */
const tags = ['Systems'];
const systemParams = idParams('system_id');

export const setupStepOut = z
  .object({
    key: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(['done', 'todo']),
    required: z.boolean(),
    /** What the step shows: forwarding codes, the embed snippet, the chosen number, ... */
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'SystemSetupStep' });

const settingsOut = z
  .record(z.string(), z.unknown())
  .meta({ description: "The kind's settings: stored values over the defaults" });
const configurationsOut = z.object({ data: z.object({ settings: settingsOut }) });

export const systemOut = z
  .object({
    _id: z.string(),
    name: z.enum(SYSTEM_KINDS),
    label: z.string(),
    status: z.enum(['active', 'requires_setup']),
    status_label: z.enum(['active', 'requires setup']),
    phone_number: z.string().nullable(),
    provider: z.enum(['sandbox', 'twilio']),
    configurations: configurationsOut,
    setup_steps: z.array(setupStepOut),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'System' });

export const systemEventOut = z
  .object({
    _id: z.string(),
    system_id: z.string(),
    kind: z.enum(['webhook', 'action']),
    name: z.string(),
    outcome: z.enum(['ok', 'duplicate', 'refused', 'spam', 'failed']),
    error: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'SystemEvent' });

export const availableNumberOut = z
  .object({
    phone_number: z.string(),
    friendly_name: z.string(),
    locality: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string(),
    capabilities: z.object({ voice: z.boolean(), sms: z.boolean() }),
  })
  .meta({ id: 'AvailableNumber' });

export const simulationOut = z.object({
  transcript: z.array(z.object({ speaker: z.enum(['caller', 'assistant', 'system']), text: z.string() })),
  call: timelineItemOut.nullable().optional(),
  sms: timelineItemOut.nullable().optional(),
});
export const spokenSimulationOut = simulationOut.extend({
  heard: z
    .string()
    .meta({ description: 'What speech recognition heard in the recording (played as what the caller says)' }),
});

const systemData = z.object({ system: systemOut });
const setupData = z.object({ setup_steps: z.array(setupStepOut), system: systemOut });
const settingsData = z.object({ configurations: configurationsOut, system: systemOut });

export const eventsBody = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const settingsIn = z.record(z.string(), z.unknown());
/** settings/{id}/set: {configurations: {data: {settings}}}; {configurations: {settings}} and {configurations: {…}} are accepted too. */
export const settingsBody = z
  .object({
    configurations: z
      .object({ data: z.object({ settings: settingsIn }).optional(), settings: settingsIn.optional() })
      .loose()
      .optional(),
    settings: settingsIn.optional(),
  })
  .meta({ description: 'Only the settings sent change; each is validated against the system kind.' });

/** list-available-numbers: country defaults to the business's. */
export const numberSearchBody = z.object({
  country: z.string().optional(),
  area_code: z.union([z.string(), z.number()]).optional(),
  contains: z.union([z.string(), z.number()]).optional(),
});

/** Documents the form only: the simulate-voice handler reads and checks it itself (a clear message per case). */
export const voiceSimulationForm = z.object({
  kind: z.string().optional().meta({ description: 'call or sms' }),
  from: z.string().optional().meta({ description: "The caller's number (E.164)" }),
  audio: z.any().optional().meta({
    type: 'string',
    format: 'binary',
    description: 'What the caller says: a WAV recording, 16-bit PCM; at most 10 MB',
  }),
});

const base = 'businesses/systems/{business_id}';
const view = 'systems/view';
const edit = 'systems/edit';

export const systems = {
  list: defineCall({
    path: `${base}/list`,
    params: businessParams,
    body: z.object({}).loose(),
    bodyRequired: false,
    response: z.object({ systems: z.array(systemOut), total: z.number() }),
    permission: view,
    summary: "The business's systems, newest first",
    tags,
  }),
  create: defineCall({
    path: `${base}/create`,
    params: businessParams,
    body: systemCreateSchema,
    response: systemData,
    permission: edit,
    summary: 'Add a system: name is its kind (telephony, leadcatcher or mobile)',
    tags,
  }),
  get: defineCall({
    path: `${base}/get/{system_id}`,
    params: systemParams,
    response: systemData,
    permission: view,
    summary: 'One system',
    tags,
  }),
  update: defineCall({
    path: `${base}/update/{system_id}`,
    params: systemParams,
    body: settingsBody,
    bodyRequired: false,
    response: systemData,
    permission: edit,
    summary: 'Update a system: its settings (as settings/{id}/set; only the keys sent change)',
    tags,
  }),
  delete: defineCall({
    path: `${base}/delete/{system_id}`,
    params: systemParams,
    response: systemData,
    permission: edit,
    summary: 'Delete a system (soft: it keeps its number, so restore brings it back live)',
    tags,
  }),
  restore: defineCall({
    path: `${base}/restore/{system_id}`,
    params: systemParams,
    response: systemData,
    permission: edit,
    summary: 'Restore a deleted system',
    tags,
  }),
  listEvents: defineCall({
    path: `${base}/list-events/{system_id}`,
    params: systemParams,
    body: eventsBody,
    bodyRequired: false,
    response: z.object({ events: z.array(systemEventOut), total: z.number(), page: z.number(), limit: z.number() }),
    permission: view,
    summary: 'The webhooks a system received and the actions it took, newest first (page from 0, limit)',
    tags,
  }),
  setup: defineCall({
    path: `${base}/setup/{system_id}`,
    params: systemParams,
    response: setupData,
    permission: view,
    summary: "A system's setup steps (done or todo)",
    tags,
  }),
  submitStep: defineCall({
    path: `${base}/setup/{system_id}/submit`,
    params: systemParams,
    body: setupSubmitSchema.loose(),
    response: setupData,
    permission: edit,
    summary: 'Complete a setup step: {step, values} (values may also be sent beside step)',
    tags,
  }),
  getSettings: defineCall({
    path: `${base}/settings/{system_id}/get`,
    params: systemParams,
    response: settingsData,
    permission: view,
    summary: "A system's settings: data.configurations.data.settings",
    tags,
  }),
  setSettings: defineCall({
    path: `${base}/settings/{system_id}/set`,
    params: systemParams,
    body: settingsBody,
    response: settingsData,
    permission: edit,
    summary: 'Change settings: {configurations: {data: {settings: {…}}}}; only the keys sent change',
    tags,
  }),
  listAvailableNumbers: defineCall({
    path: `${base}/settings/{system_id}/list-available-numbers`,
    params: systemParams,
    body: numberSearchBody,
    bodyRequired: false,
    response: z.object({ available_numbers: z.array(availableNumberOut) }),
    permission: view,
    summary: "Numbers the provider offers: country (default the business's), area_code, contains",
    tags,
  }),
  makeCall: defineCall({
    path: `${base}/settings/{system_id}/make-a-call`,
    params: systemParams,
    body: makeCallSchema,
    response: z.object({ call: timelineItemOut }),
    permission: edit,
    summary: 'Click-to-call: ring agent_number first, then connect `to`, from a business number',
    tags,
  }),
  sendMessage: defineCall({
    path: `${base}/settings/{system_id}/send-a-message`,
    params: systemParams,
    body: sendMessageSchema,
    response: z.object({ sms: timelineItemOut }),
    permission: edit,
    summary: 'Send an SMS from a business number: {to, message, from?}',
    tags,
  }),
  simulate: defineCall({
    path: `${base}/settings/{system_id}/simulate`,
    params: systemParams,
    body: simulateSchema,
    response: simulationOut,
    permission: edit,
    summary:
      'Sandbox simulator: an incoming call, missed call or SMS through the same handlers as the provider webhooks',
    tags,
  }),
  simulateVoice: defineCall({
    path: `${base}/settings/{system_id}/simulate-voice`,
    params: systemParams,
    body: voiceSimulationForm,
    bodyKind: 'multipart',
    response: spokenSimulationOut,
    permission: edit,
    summary:
      'Sandbox simulator, spoken (multipart: kind = call|sms, from, audio = WAV, 16-bit PCM, at most 10 MB): what the caller says is transcribed, then simulated like simulate; 503 without speech recognition',
    tags,
  }),
  /** A number for a telephony or mobile system (a new telephony system without system_id). */
  purchaseNumber: defineCall({
    path: 'businesses/purchase-number/{business_id}',
    params: businessParams,
    body: purchaseNumberSchema,
    response: z.object({ system: systemOut, phone_number: z.string() }),
    permission: edit,
    summary: 'Buy a phone number: {phone_number, system_id?}; live at once',
    tags,
  }),
};

export type ApiSetupStep = z.output<typeof setupStepOut>;
/** A system as the API answers it, its settings typed as its kind's (the response schema documents them as an open record). */
export type ApiSystem = Omit<z.output<typeof systemOut>, 'configurations'> & {
  configurations: { data: { settings: SystemSettings } };
};
export type ApiSystemEvent = z.output<typeof systemEventOut>;
export type ApiAvailableNumber = z.output<typeof availableNumberOut>;
/** What the simulator answers: who said what, the item it made, and (simulate-voice) what was heard. */
export type ApiSimulation = z.output<typeof simulationOut> & { heard?: string };
