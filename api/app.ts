import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { ApiDeps } from './deps';
import { createRouter } from './lib/context';
import { describeError } from './lib/db-errors';
import { ApiError, sendError } from './lib/errors';
import { redactPath } from './lib/log-safe';
import { broadcastingRouter } from './features/broadcasting/routes';
import { businessesRouter } from './features/businesses/routes';
import { businessSettingsRouter } from './features/business-settings/routes';
import { callsRouter } from './features/calls/routes';
import { conversationsRouter } from './features/conversations/routes';
import { crmOrderRouter } from './features/customers/crm-order';
import { customersRouter } from './features/customers/routes';
import { devRouter } from './features/dev/routes';
import { filesRouter } from './features/files/routes';
import { formsRouter, smsesRouter } from './features/timeline/system-routers';
import { actionsRouter } from './features/actions/routes';
import { appointmentsRouter } from './features/appointments/routes';
import { helpersRouter } from './features/helpers/routes';
import { inboxRouter } from './features/inbox/routes';
import { membersRouter } from './features/members/routes';
import { leadcatcherRouter } from './features/leadcatcher/routes';
import { learningRouter } from './features/learning/routes';
import { memoriesRouter } from './features/memories/routes';
import { notesRouter } from './features/notes/routes';
import { notificationsRouter } from './features/notifications/routes';
import { ordersRouter } from './features/orders/routes';
import { outgoingWebhooksRouter } from './features/outgoing-webhooks/routes';
import { timelineRouter } from './features/timeline/routes';
import { accountRouter } from './features/users/account';
import { devicesRouter } from './features/users/devices';
import { emailRouter } from './features/users/email';
import { membershipsRouter } from './features/users/memberships';
import { mobileRouter } from './features/users/mobile';
import { recoveryRouter } from './features/users/recovery';
import { recentlyDeletedRouter } from './features/recently-deleted/routes';
import { reportsRouter } from './features/reports/routes';
import { servicesRouter } from './features/services/routes';
import { systemsRouter } from './features/systems/routes';
import { trainingQuestionsRouter } from './features/training-questions/routes';
import { twilioWebhooksRouter } from './features/webhooks/twilio';
import { forgetAfterWrite } from './lib/request-memo';
import { refuseBadText } from './lib/text-guard';

export const API_BASE = '/api/v1';

/**
 * The v1 provider API. Mounted by server.ts at /api/v1, and called in process by the
 * Remix app through `app.fetch` (no socket) when API_URL is unset.
 */
export function createApiApp(deps: ApiDeps) {
  const app = createRouter().basePath(API_BASE);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
    forgetAfterWrite(c.req.path);
  });
  app.use('*', refuseBadText);

  app.route('/', accountRouter);
  app.route('/', devicesRouter);
  app.route('/', emailRouter);
  app.route('/', recoveryRouter);
  app.route('/', mobileRouter);
  app.route('/', membershipsRouter);
  app.route('/', businessesRouter);
  app.route('/', businessSettingsRouter);
  app.route('/', helpersRouter);
  app.route('/', membersRouter);
  app.route('/', customersRouter);
  app.route('/', crmOrderRouter);
  app.route('/', notesRouter);
  app.route('/', callsRouter);
  app.route('/', smsesRouter);
  app.route('/', formsRouter);
  app.route('/', timelineRouter);
  app.route('/', inboxRouter);
  app.route('/', reportsRouter);
  app.route('/', notificationsRouter);
  app.route('/', servicesRouter);
  app.route('/', actionsRouter);
  app.route('/', ordersRouter);
  app.route('/', appointmentsRouter);
  app.route('/', systemsRouter);
  app.route('/', trainingQuestionsRouter);
  app.route('/', learningRouter);
  app.route('/', memoriesRouter);
  app.route('/', conversationsRouter);
  app.route('/', filesRouter);
  app.route('/', broadcastingRouter);
  app.route('/', leadcatcherRouter);
  app.route('/', recentlyDeletedRouter);
  app.route('/', outgoingWebhooksRouter);
  app.route('/', devRouter);
  // Public: Twilio's webhooks, authenticated by X-Twilio-Signature (api/features/webhooks/twilio.ts).
  app.route('/', twilioWebhooksRouter);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Business Assistant v1 API', version: deps.version },
  });

  app.notFound((c) => sendError(c, new ApiError(404, ['There is no such API call.'])));
  app.onError((error, c) => {
    if (error instanceof ApiError) return sendError(c, error);
    if (error instanceof HTTPException) {
      // Malformed JSON and the like: a client mistake, said plainly.
      const status = error.status as ContentfulStatusCode;
      const message =
        status === 400
          ? 'The request body is not valid JSON.'
          : status === 415
            ? 'Send the request body as JSON (Content-Type: application/json).'
            : error.message || 'Request failed.';
      return sendError(c, new ApiError(status, [message]));
    }
    deps.log?.({ level: 'error', msg: 'api error', path: redactPath(c.req.path), error: describeError(error) });
    return sendError(c, new ApiError(500, ['Something went wrong on our side. Please try again.']));
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
