import { createRoute } from '@hono/zod-openapi';
import {
  makeCallSchema,
  numberSearchSchema,
  purchaseNumberSchema,
  sendMessageSchema,
  setupSubmitSchema,
  systemCreateSchema,
  systemMessages,
} from '#contract/schemas/system';
import type { ApiDeps } from '#api/deps';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
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
} from '#api/services/systems/manage';
import { makeCall, sendMessage } from '#api/services/systems/outbound';
import { listSystemEvents, serializeSystem, type SystemRow } from '#api/services/systems/store';
import { optionalJsonBody, parseWith } from '../timeline/schemas';
import { canEditSystems as canEdit, canViewSystems as canView } from './access';
import {
  callData,
  eventsBody,
  eventsData,
  listBody,
  numberSearchBody,
  numbersData,
  purchaseData,
  settingsBody,
  settingsData,
  setupData,
  smsData,
  systemData,
  systemIdParam,
  systemListData,
} from './schemas';

const tags = ['Systems'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/systems/{business_id}';

const settingsOf = (deps: ApiDeps, row: SystemRow) => {
  const system = serializeSystem(deps, row);
  return { configurations: system.configurations, system };
};

/**
 * Systems (docs/product.md#entities, #states, #validation, #v1-calls; docs/systems.md): list, create, get, update, delete,
 * restore, events, setup steps, settings, number search, click-to-call and SMS. Viewing
 * needs systems/view ('You do not have permission to view systems'), every write systems/edit.
 */
export const systemsRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary: "The business's systems, newest first",
      request: { params: businessIdParam, body: optionalJsonBody(listBody) },
      responses: envelope(systemListData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id } = c.req.valid('param');
      await canView(deps.db, business_id, c.var.auth.user.id);
      const { rows, total } = await listBusinessSystems(deps, business_id);
      return ok(c, { systems: rows.map((row) => serializeSystem(deps, row)), total });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/create`,
      summary: 'Add a system: name is its kind (telephony, leadcatcher or mobile)',
      request: { params: businessIdParam, body: jsonBody(systemCreateSchema) },
      responses: envelope(systemData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id } = c.req.valid('param');
      await canEdit(deps.db, business_id, c.var.auth.user.id);
      const row = await createSystem(deps, business_id, c.var.auth.user.id, c.req.valid('json'));
      return ok(c, { system: serializeSystem(deps, row) }, [systemMessages.created]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{system_id}`,
      summary: 'One system',
      request: { params: systemIdParam },
      responses: envelope(systemData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canView(deps.db, business_id, c.var.auth.user.id);
      return ok(c, { system: serializeSystem(deps, await requireSystem(deps, business_id, system_id)) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/update/{system_id}`,
      summary: 'Update a system: its settings (as settings/{id}/set; only the keys sent change)',
      request: { params: systemIdParam, body: optionalJsonBody(settingsBody) },
      responses: envelope(systemData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canEdit(deps.db, business_id, c.var.auth.user.id);
      const row = await updateSettings(deps, business_id, system_id, c.var.auth.user.id, c.req.valid('json'));
      return ok(c, { system: serializeSystem(deps, row) }, [systemMessages.updated]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/delete/{system_id}`,
      summary: 'Delete a system (soft: it keeps its number, so restore brings it back live)',
      request: { params: systemIdParam },
      responses: envelope(systemData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canEdit(deps.db, business_id, c.var.auth.user.id);
      const row = await deleteSystem(deps, business_id, system_id, c.var.auth.user.id);
      return ok(c, { system: serializeSystem(deps, row) }, [systemMessages.deleted]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/restore/{system_id}`,
      summary: 'Restore a deleted system',
      request: { params: systemIdParam },
      responses: envelope(systemData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canEdit(deps.db, business_id, c.var.auth.user.id);
      const row = await restoreSystem(deps, business_id, system_id, c.var.auth.user.id);
      return ok(c, { system: serializeSystem(deps, row) }, [systemMessages.restored]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list-events/{system_id}`,
      summary: 'The webhooks a system received and the actions it took, newest first (page from 0, limit)',
      request: { params: systemIdParam, body: optionalJsonBody(eventsBody) },
      responses: envelope(eventsData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      const paging = parseWith(eventsBody, c.req.valid('json'));
      await canView(deps.db, business_id, c.var.auth.user.id);
      const system = await requireSystem(deps, business_id, system_id);
      const events = await listSystemEvents(deps.db, system.id, paging);
      return ok(c, { events, total: await eventCount(deps, system.id), ...paging });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/setup/{system_id}`,
      summary: "A system's setup steps (done or todo)",
      request: { params: systemIdParam },
      responses: envelope(setupData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canView(deps.db, business_id, c.var.auth.user.id);
      const system = serializeSystem(deps, await requireSystem(deps, business_id, system_id));
      return ok(c, { setup_steps: system.setup_steps, system });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/setup/{system_id}/submit`,
      summary: 'Complete a setup step: {step, values} (values may also be sent beside step)',
      request: { params: systemIdParam, body: jsonBody(setupSubmitSchema.loose()) },
      responses: envelope(setupData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canEdit(deps.db, business_id, c.var.auth.user.id);
      const { row, messages } = await submitSetupStep(
        deps,
        business_id,
        system_id,
        c.var.auth.user.id,
        c.req.valid('json'),
      );
      const system = serializeSystem(deps, row);
      return ok(c, { setup_steps: system.setup_steps, system }, messages);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/settings/{system_id}/get`,
      summary: "A system's settings: data.configurations.data.settings",
      request: { params: systemIdParam },
      responses: envelope(settingsData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canView(deps.db, business_id, c.var.auth.user.id);
      return ok(c, settingsOf(deps, await requireSystem(deps, business_id, system_id)));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/settings/{system_id}/set`,
      summary: 'Change settings: {configurations: {data: {settings: {…}}}}; only the keys sent change',
      request: { params: systemIdParam, body: jsonBody(settingsBody) },
      responses: envelope(settingsData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canEdit(deps.db, business_id, c.var.auth.user.id);
      const row = await updateSettings(deps, business_id, system_id, c.var.auth.user.id, c.req.valid('json'));
      return ok(c, settingsOf(deps, row), [systemMessages.settingsSaved]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/settings/{system_id}/list-available-numbers`,
      summary: "Numbers the provider offers: country (default the business's), area_code, contains",
      request: { params: systemIdParam, body: optionalJsonBody(numberSearchBody) },
      responses: envelope(numbersData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      const { business } = await canView(deps.db, business_id, c.var.auth.user.id);
      const body = c.req.valid('json') ?? {};
      const search = parseWith(numberSearchSchema, {
        country: body.country || business.country,
        area_code: body.area_code === undefined ? undefined : String(body.area_code),
        contains: body.contains === undefined ? undefined : String(body.contains),
      });
      const system = await requireSystem(deps, business_id, system_id);
      const available = await searchNumbers(deps, system, search);
      return ok(c, { available_numbers: available }, available.length ? [] : [systemMessages.noNumbers]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/settings/{system_id}/make-a-call`,
      summary: 'Click-to-call: ring agent_number first, then connect `to`, from a business number',
      request: { params: systemIdParam, body: jsonBody(makeCallSchema) },
      responses: envelope(callData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canEdit(deps.db, business_id, c.var.auth.user.id);
      const input = c.req.valid('json');
      const call = await makeCall(deps, await requireSystem(deps, business_id, system_id), c.var.auth.user.id, input);
      return ok(c, { call }, [systemMessages.callPlaced(input.to)]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/settings/{system_id}/send-a-message`,
      summary: 'Send an SMS from a business number: {to, message, from?}',
      request: { params: systemIdParam, body: jsonBody(sendMessageSchema) },
      responses: envelope(smsData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, system_id } = c.req.valid('param');
      await canEdit(deps.db, business_id, c.var.auth.user.id);
      const input = c.req.valid('json');
      const sms = await sendMessage(deps, await requireSystem(deps, business_id, system_id), c.var.auth.user.id, input);
      return ok(c, { sms }, [systemMessages.messageSent(input.to)]);
    },
  );

/** businesses/purchase-number/{business_id}: buy a number for a telephony or mobile system (a new telephony system without system_id). */
export const purchaseNumberRouter = createRouter().openapi(
  createRoute({
    ...common,
    method: 'post',
    path: '/businesses/purchase-number/{business_id}',
    summary: 'Buy a phone number: {phone_number, system_id?}; live at once',
    request: { params: businessIdParam, body: jsonBody(purchaseNumberSchema) },
    responses: envelope(purchaseData),
  }),
  async (c) => {
    const { deps } = c.var;
    const { business_id } = c.req.valid('param');
    await canEdit(deps.db, business_id, c.var.auth.user.id);
    const input = c.req.valid('json');
    const { row } = await purchaseNumber(deps, business_id, c.var.auth.user.id, input);
    return ok(c, { system: serializeSystem(deps, row), phone_number: row.phoneNumber! }, [
      systemMessages.numberPurchased(row.phoneNumber!),
    ]);
  },
);
