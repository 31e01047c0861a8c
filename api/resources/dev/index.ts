import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { listOutbox } from '#api/services/outbox';
import { devSystemItemsRouter } from './system-items';

const message = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  provider: z.string(),
  created_at: z.string(),
});

/** Outside production only: what the embedded email/SMS providers "sent". */
export const devRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/dev/outbox/list',
      tags: ['Development'],
      summary: 'Emails and SMS recorded in the outbox (not in production)',
      responses: envelope(z.object({ messages: z.array(message) })),
    }),
    async (c) => {
      const { db, env } = c.var.deps;
      if (env.APP_ENV === 'production') throw notFound('The page');
      const rows = await listOutbox(db);
      return ok(c, {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.to,
          from: row.from,
          subject: row.subject,
          body: row.body,
          provider: row.provider,
          created_at: row.createdAt.toISOString(),
        })),
      });
    },
  )
  .route('/', devSystemItemsRouter);
