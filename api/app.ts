import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { ApiDeps } from './deps';
import { createRouter } from './lib/context';
import { describeError } from './lib/db-errors';
import { ApiError, sendError } from './lib/errors';
import { redactPath } from './lib/log-safe';
import { broadcastingRouter } from './resources/broadcasting';
import { businessesRouter } from './resources/businesses';
import { businessSettingsRouter } from './resources/business-settings';
import { callsRouter } from './resources/calls';
import { conversationsRouter } from './resources/conversations';
import { crmOrderRouter } from './resources/customers/crm-order';
import { customersRouter } from './resources/customers';
import { devRouter } from './resources/dev';
import { filesRouter } from './resources/files';
import { formsRouter, smsesRouter } from './resources/timeline/system-routers';
import { actionsRouter } from './resources/actions';
import { appointmentsRouter } from './resources/appointments';
import { helpersRouter } from './resources/helpers';
import { inboxRouter } from './resources/inbox';
import { membersRouter } from './resources/members';
import { leadcatcherRouter } from './resources/leadcatcher';
import { learningRouter } from './resources/learning';
import { memoriesRouter } from './resources/memories';
import { notesRouter } from './resources/notes';
import { notificationsRouter } from './resources/notifications';
import { ordersRouter } from './resources/orders';
import { outgoingWebhooksRouter } from './resources/outgoing-webhooks';
import { timelineRouter } from './resources/timeline';
import { accountRouter } from './resources/users/account';
import { devicesRouter } from './resources/users/devices';
import { emailRouter } from './resources/users/email';
import { membershipsRouter } from './resources/users/memberships';
import { mobileRouter } from './resources/users/mobile';
import { recoveryRouter } from './resources/users/recovery';
import { recentlyDeletedRouter } from './resources/recently-deleted';
import { reportsRouter } from './resources/reports';
import { servicesRouter } from './resources/services';
import { systemsRouter } from './resources/systems';
import { trainingQuestionsRouter } from './resources/training-questions';
import { twilioWebhooksRouter } from './resources/webhooks/twilio';
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
  // Public: Twilio's webhooks, authenticated by X-Twilio-Signature (resources/webhooks/twilio.ts).
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
