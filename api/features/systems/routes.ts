import { numberSearchSchema, systemMessages } from '#contract/schemas/system';
import { systems } from '#contract/v1/systems';
import type { ApiDeps } from '#api/deps';
import { loadMembership } from '#api/lib/membership';
import { serveCalls } from '#api/lib/v1-call';
import {
  createSystem,
  deleteSystem,
  eventCount,
  listBusinessSystems,
  purchaseNumber,
  requireSystem,
  restoreSystem,
  searchNumbers,
  submitSetupStep,
  updateSettings,
} from '#api/features/systems/manage';
import { makeCall, sendMessage } from '#api/features/systems/outbound';
import { listSystemEvents, serializeSystem, type SystemRow } from '#api/features/systems/store';
import { parseWith } from '../timeline/schemas';
import { simulate, simulateVoice, simulateVoiceLimit } from './simulate';

const settingsOf = (deps: ApiDeps, row: SystemRow) => {
  const system = serializeSystem(deps, row);
  return { configurations: system.configurations, system };
};
const setupOf = (deps: ApiDeps, row: SystemRow) => {
  const system = serializeSystem(deps, row);
  return { setup_steps: system.setup_steps, system };
};

/**
 * The systems calls declared in contract/v1/systems.ts (docs/systems.md); permissions are
 * checked from there. The sandbox simulator's handlers are in ./simulate.
 */
export const systemsRouter = serveCalls(
  systems,
  {
    list: async (c, { params }) => {
      const { deps } = c.var;
      const { rows, total } = await listBusinessSystems(deps, params.business_id);
      return { data: { systems: rows.map((row) => serializeSystem(deps, row)), total } };
    },
    create: async (c, { params, body }) => {
      const { deps } = c.var;
      const row = await createSystem(deps, params.business_id, c.var.auth.user.id, body);
      return { data: { system: serializeSystem(deps, row) }, messages: [systemMessages.created] };
    },
    get: async (c, { params }) => {
      const { deps } = c.var;
      return {
        data: { system: serializeSystem(deps, await requireSystem(deps, params.business_id, params.system_id)) },
      };
    },
    update: async (c, { params, body }) => {
      const { deps } = c.var;
      const row = await updateSettings(deps, params.business_id, params.system_id, c.var.auth.user.id, body);
      return { data: { system: serializeSystem(deps, row) }, messages: [systemMessages.updated] };
    },
    delete: async (c, { params }) => {
      const { deps } = c.var;
      const row = await deleteSystem(deps, params.business_id, params.system_id, c.var.auth.user.id);
      return { data: { system: serializeSystem(deps, row) }, messages: [systemMessages.deleted] };
    },
    restore: async (c, { params }) => {
      const { deps } = c.var;
      const row = await restoreSystem(deps, params.business_id, params.system_id, c.var.auth.user.id);
      return { data: { system: serializeSystem(deps, row) }, messages: [systemMessages.restored] };
    },
    listEvents: async (c, { params, body }) => {
      const { deps } = c.var;
      const system = await requireSystem(deps, params.business_id, params.system_id);
      const events = await listSystemEvents(deps.db, system.id, body);
      return { data: { events, total: await eventCount(deps, system.id), ...body } };
    },
    setup: async (c, { params }) => {
      const { deps } = c.var;
      return { data: setupOf(deps, await requireSystem(deps, params.business_id, params.system_id)) };
    },
    submitStep: async (c, { params, body }) => {
      const { deps } = c.var;
      const { business_id, system_id } = params;
      const { row, messages } = await submitSetupStep(deps, business_id, system_id, c.var.auth.user.id, body);
      return { data: setupOf(deps, row), messages };
    },
    getSettings: async (c, { params }) => {
      const { deps } = c.var;
      return { data: settingsOf(deps, await requireSystem(deps, params.business_id, params.system_id)) };
    },
    setSettings: async (c, { params, body }) => {
      const { deps } = c.var;
      const row = await updateSettings(deps, params.business_id, params.system_id, c.var.auth.user.id, body);
      return { data: settingsOf(deps, row), messages: [systemMessages.settingsSaved] };
    },
    listAvailableNumbers: async (c, { params, body }) => {
      const { deps } = c.var;
      // The declaration has checked the membership; this reads the business's country (memoized per request).
      const { business } = await loadMembership(deps.db, params.business_id, c.var.auth.user.id);
      const search = parseWith(numberSearchSchema, {
        country: body.country || business.country,
        area_code: body.area_code === undefined ? undefined : String(body.area_code),
        contains: body.contains === undefined ? undefined : String(body.contains),
      });
      const system = await requireSystem(deps, params.business_id, params.system_id);
      const available = await searchNumbers(deps, system, search);
      return { data: { available_numbers: available }, messages: available.length ? [] : [systemMessages.noNumbers] };
    },
    makeCall: async (c, { params, body }) => {
      const { deps } = c.var;
      const system = await requireSystem(deps, params.business_id, params.system_id);
      const call = await makeCall(deps, system, c.var.auth.user.id, body);
      return { data: { call }, messages: [systemMessages.callPlaced(body.to)] };
    },
    sendMessage: async (c, { params, body }) => {
      const { deps } = c.var;
      const system = await requireSystem(deps, params.business_id, params.system_id);
      const sms = await sendMessage(deps, system, c.var.auth.user.id, body);
      return { data: { sms }, messages: [systemMessages.messageSent(body.to)] };
    },
    simulate,
    simulateVoice,
    purchaseNumber: async (c, { params, body }) => {
      const { deps } = c.var;
      const { row } = await purchaseNumber(deps, params.business_id, c.var.auth.user.id, body);
      return {
        data: { system: serializeSystem(deps, row), phone_number: row.phoneNumber! },
        messages: [systemMessages.numberPurchased(row.phoneNumber!)],
      };
    },
  },
  { simulateVoice: [simulateVoiceLimit] },
);
