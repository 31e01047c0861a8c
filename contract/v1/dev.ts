import { z } from 'zod';
import { businessParams, defineCall } from './define';

/** Outside production only: what the embedded providers "sent", and items made as the systems make them. */
export const outboxMessageOut = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  provider: z.string(),
  created_at: z.string(),
});

export const devSystemItemBody = z.object({
  type: z.enum(['call', 'sms', 'form']),
  direction: z.enum(['inbound', 'outbound']).default('inbound'),
  status: z.string().max(50).nullish(),
  from: z.string().max(50).nullish(),
  to: z.string().max(50).nullish(),
  body: z.string().max(5000).nullish(),
  customer_id: z.string().max(100).nullish(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const dev = {
  /** No sign-in: the outbox page is read before anyone has an account (sign-up codes land here). */
  outbox: defineCall({
    path: 'dev/outbox/list',
    params: z.object({}),
    response: z.object({ messages: z.array(outboxMessageOut) }),
    permission: 'public',
    summary: 'Emails and SMS recorded in the outbox (not in production)',
    tags: ['Development'],
  }),
  /**
   * A call, SMS or form made with the systems' own service functions, so a developer or an e2e
   * test can see those pages before a real number is connected.
   */
  createSystemItem: defineCall({
    path: 'dev/system-items/{business_id}/create',
    params: businessParams,
    body: devSystemItemBody,
    response: z.object({ item: z.record(z.string(), z.unknown()) }),
    permission: 'member',
    summary: 'Create a call, SMS or form like the systems do (not in production)',
    tags: ['Development'],
  }),
};
